import { randomUUID } from "node:crypto";
import { GET as photo } from "@/app/api/staff/prescriptions/[id]/photos/[photoId]/route";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { signedInStaff } from "@/tests/factories/staff";
import { createPaidRequest } from "./support/paid-request";
import { askPatient, claimCase, declineCase, issueCase, releaseCase } from "./support/staff-calls";

jest.setTimeout(60_000);

const sandbox = sandboxForThisFile();

describe("who may use the staff review API", () => {
  it("answers 401 signed out, 403 to a patient (even the case's own) and to a pharmacist, and changes nothing", async () => {
    const { request, cookies: patientCookies, photoId } = await createPaidRequest(sandbox, { photo: true });
    const pharmacist = await signedInStaff("PHARMACIST");
    const id = request.id;

    for (const action of [claimCase, releaseCase, issueCase, declineCase, askPatient] as const) {
      expect((await action(id, {})).status).toBe(401);
      const asPatient = await action(id, { cookies: patientCookies });
      expect(asPatient.status).toBe(403);
      expect(asPatient.body.message).toBe("You do not have access to this area.");
      expect((await action(id, { cookies: pharmacist.cookies })).status).toBe(403);
    }
    const photoPath = `/api/staff/prescriptions/${id}/photos/${photoId}`;
    expect((await call(photo, photoPath, { params: { id, photoId: photoId! } })).status).toBe(401);
    expect((await call(photo, photoPath, { params: { id, photoId: photoId! }, cookies: patientCookies })).status).toBe(403);
    expect((await call(photo, photoPath, { params: { id, photoId: photoId! }, cookies: pharmacist.cookies })).status).toBe(403);

    const after = await db.prescriptionRequest.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({ status: "SUBMITTED", claimedById: null });
    expect(await db.auditEvent.count({ where: { subjectId: { in: [id, photoId!] } } })).toBe(0);
  });

  it("lets a prescriber and an admin in; a bearer token works like the cookie", async () => {
    const { request } = await createPaidRequest(sandbox);
    const admin = await signedInStaff("ADMIN");
    const prescriber = await signedInStaff("PRESCRIBER");
    expect((await claimCase(request.id, { headers: { authorization: `Bearer ${admin.token}` } })).status).toBe(200);
    expect((await releaseCase(request.id, { cookies: admin.cookies })).status).toBe(200);
    expect((await claimCase(request.id, { cookies: prescriber.cookies })).status).toBe(200);
  });

  it("answers 404 with a message for a malformed or unknown case id, and for an unpaid request", async () => {
    const prescriber = await signedInStaff("PRESCRIBER");
    const malformed = await claimCase("not-a-uuid", { cookies: prescriber.cookies });
    expect(malformed.status).toBe(404);
    expect(malformed.body.message).toBe("We could not find that prescription request.");
    expect((await claimCase(randomUUID(), { cookies: prescriber.cookies })).status).toBe(404);

    const { request } = await createPaidRequest(sandbox);
    await db.prescriptionRequest.update({ where: { id: request.id }, data: { status: "PENDING_PAYMENT" } });
    expect((await claimCase(request.id, { cookies: prescriber.cookies })).status).toBe(404);
  });

  it("answers 422 with field messages for a bad decision body", async () => {
    const { request } = await createPaidRequest(sandbox);
    const prescriber = await signedInStaff("PRESCRIBER");
    await claimCase(request.id, { cookies: prescriber.cookies });
    const empty = await issueCase(request.id, { cookies: prescriber.cookies }, { medicine: " ", dose: "x".repeat(201) });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({ medicine: ["Enter the medicine."], dose: ["The dose must be at most 200 characters."], quantity: ["Enter the quantity."] });
    const short = await declineCase(request.id, { cookies: prescriber.cookies }, "no");
    expect(short.status).toBe(422);
    expect(short.body.errors.reason[0]).toMatch(/at least 10 characters/);
    expect((await askPatient(request.id, { cookies: prescriber.cookies }, "")).status).toBe(422);
    expect((await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("IN_REVIEW");
  });
});
