// What the staff area's routes (app/api/staff/**) answer alike: the stored photo or PDF they
// stream, the `{ message }` acknowledgement, and the errors the staff review core throws
// (lib/server/staff-review: the claim rules' 409s, the own-case 403).
import { z } from "zod";
import { boundaryErrors, errorResponse, type ResponseSpec } from "../operation";

/**
 * Compile-time proof that a response schema and the service's result type agree both ways:
 * a field the service adds, drops or retypes fails `tsc` here, not first in the contract test.
 */
export function describing<T>() {
  return <S extends z.ZodType>(...[schema]: [schema: S, ...disagreement: Disagreement<T, z.output<S>>]): S => schema;
}

/** Empty when the two types agree; else a required argument naming how they differ (so the call fails to compile). */
type Disagreement<T, Output> = [T] extends [Output] ? ([Output] extends [T] ? [] : [problem: "the schema admits values the type does not"]) : [problem: "the type has values the schema refuses"];

export const staffMessageResponseSchema = z.strictObject({ message: z.string() }).meta({ id: "StaffMessageResponse" });

/**
 * A staff write: POST with a params schema (404 for a malformed id), with or without a JSON
 * body, and the staff roles' 401/403.
 */
export function staffWriteErrors(options: { jsonBody: boolean }): Record<number, ResponseSpec> {
  return boundaryErrors({ staff: true, write: true, params: true, jsonBody: options.jsonBody });
}

/** A staff read of one record's file (GET with a params schema). */
export function staffReadErrors(): Record<number, ResponseSpec> {
  return boundaryErrors({ staff: true, params: true });
}

/** A stored photo, as lib/server/services/uploads/image-response.ts sends it (JPEG or PNG, re-encoded on upload). */
export function staffPhotoResponse(what: string): ResponseSpec {
  return { description: `${what}, inline (JPEG or PNG; Cache-Control: no-store, nosniff, sandboxed). The view is audited before the bytes are read.`, contentType: "image/*" };
}

/** 403 from the review core: another role, a cross-site write, or the caller's own case (separation of duties; the refusal is audited). */
export function ownCaseForbidden(ownCase: string): ResponseSpec {
  return errorResponse(`Not this staff role, or a cross-site write / missing X-XSRF-TOKEN; or ${ownCase} (separation of duties; the refusal is audited).`);
}
