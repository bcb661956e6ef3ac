// Stripe Identity's VerificationSessions (type=document), as the app uses them: create,
// retrieve (expand[]=verified_outputs, last_verification_report), cancel, and what the hosted
// test page does. No document is read: the tester states what the "document" says and picks
// an outcome (verified, or the document unreadable).
import { invalid, missing } from "./errors.mjs";
import { readList, readMetadata, readObject, readString, readUrl, rejectUnknown } from "./params.mjs";
import { randomId } from "./util.mjs";

/** @typedef {import("./form.mjs").FormObject} FormObject */
/** @typedef {import("./server.mjs").SandboxVerificationSession} VerificationSession */
/** @typedef {{ first_name: string, last_name: string, dob: { day: number, month: number, year: number } }} VerifiedOutputs */
/**
 * @typedef {{
 *   session: VerificationSession,
 *   returnUrl: string | null,
 *   outputs: VerifiedOutputs | null,
 *   report: Record<string, unknown> | null,
 * }} VerificationRecord
 */

const SUPPORTED = ["type", "metadata", "return_url", "options", "client_reference_id", "provided_details"];
// As at Stripe, the date of birth and the document's number are sensitive: left out unless
// expanded by name (verified_outputs.dob, last_verification_report.document.number).
const EXPANDABLE = ["verified_outputs", "verified_outputs.dob", "last_verification_report", "last_verification_report.document.number", "last_verification_report.document.dob"];

/**
 * POST /v1/identity/verification_sessions
 * @param {FormObject} params
 * @param {{ nowMs: number, publicUrl: string }} context
 * @returns {VerificationRecord}
 */
export function createVerificationSession(params, { nowMs, publicUrl }) {
  rejectUnknown(params, SUPPORTED);
  const type = readString(params.type, "type");
  if (type === undefined) throw missing("type");
  if (type !== "document") throw invalid(`The payment sandbox supports type=document verification sessions, not ${type}.`, "type");
  const options = readObject(params.options, "options") ?? {};
  rejectUnknown(options, ["document"], "options");
  const document = readObject(options.document, "options[document]") ?? {};
  rejectUnknown(document, ["allowed_types", "require_id_number", "require_live_capture", "require_matching_selfie"], "options[document]");
  const allowedTypes = readList(document.allowed_types, "options[document][allowed_types]") ?? [];
  for (const [i, kind] of allowedTypes.entries()) {
    if (!["driving_license", "id_card", "passport"].includes(String(kind))) throw invalid(`Invalid options[document][allowed_types][${i}]: ${String(kind)}`, `options[document][allowed_types][${i}]`);
  }
  const provided = readObject(params.provided_details, "provided_details") ?? {};
  rejectUnknown(provided, ["email", "phone"], "provided_details");
  const id = randomId("vs_", 24);
  /** @type {VerificationSession} */
  const session = {
    id,
    object: "identity.verification_session",
    client_reference_id: readString(params.client_reference_id, "client_reference_id", { max: 200 }) ?? null,
    client_secret: `${id}_secret_${randomId("", 24)}`,
    created: Math.floor(nowMs / 1000),
    last_error: null,
    last_verification_report: null,
    livemode: false,
    metadata: readMetadata(params.metadata, "metadata"),
    options: { document: allowedTypes.length ? { allowed_types: allowedTypes.map(String) } : {} },
    redaction: null,
    status: "requires_input",
    type: "document",
    url: `${publicUrl}/verify/${id}`,
  };
  return { session, returnUrl: readUrl(params.return_url, "return_url") ?? null, outputs: null, report: null };
}

/**
 * The session as GET answers it, with what expand[] asked for.
 * @param {VerificationRecord} record
 * @param {FormObject} params
 */
export function viewVerificationSession(record, params) {
  const expand = (readList(params.expand, "expand") ?? []).map(String);
  delete params.expand;
  for (const [i, path] of expand.entries()) {
    if (!EXPANDABLE.includes(path)) throw invalid(`The payment sandbox can expand only ${EXPANDABLE.join(" and ")} on a verification session, not ${path}.`, `expand[${i}]`);
  }
  rejectUnknown(params, []);
  /** @type {VerificationSession & { verified_outputs?: VerifiedOutputs | null }} */
  const view = structuredClone(record.session);
  if (expand.includes("verified_outputs")) {
    const outputs = record.outputs ? { ...structuredClone(record.outputs), address: null, email: null, phone: null, id_number: null, id_number_type: null } : null;
    if (outputs && !expand.includes("verified_outputs.dob")) delete (/** @type {Partial<typeof outputs>} */ (outputs)).dob;
    view.verified_outputs = outputs;
  }
  if (expand.some((path) => path.startsWith("last_verification_report")) && record.report) {
    const report = structuredClone(record.report);
    const document = /** @type {Record<string, unknown>} */ (report.document);
    if (!expand.includes("last_verification_report.document.number")) delete document.number;
    if (!expand.includes("last_verification_report.document.dob")) delete document.dob;
    view.last_verification_report = report;
  }
  return view;
}

/**
 * What the hosted page's outcome does to the session. Throws when it is no longer awaiting input.
 * @param {VerificationRecord} record
 * @param {{ outcome: "verified" | "unreadable", firstName?: string, lastName?: string, dob?: string, documentNumber?: string, nowMs: number }} input
 * @returns {"identity.verification_session.verified" | "identity.verification_session.requires_input"}
 */
export function submitVerification(record, { outcome, firstName = "", lastName = "", dob = "", documentNumber, nowMs }) {
  const { session } = record;
  if (session.status !== "requires_input") throw new Error(`Verification session ${session.id} is ${session.status}, not awaiting input.`);
  const reportId = randomId("vr_", 24);
  const created = Math.floor(nowMs / 1000);
  session.last_verification_report = reportId;
  if (outcome === "unreadable") {
    session.last_error = { code: "document_unverified_other", reason: "The document could not be read: the photo was blurred or cut off." };
    record.outputs = null;
    record.report = { id: reportId, object: "identity.verification_report", created, type: "document", document: { status: "unverified", error: session.last_error, first_name: null, last_name: null, dob: null, number: null } };
    return "identity.verification_session.requires_input";
  }
  const [year, month, day] = dob.split("-").map(Number);
  const outputs = { first_name: firstName, last_name: lastName, dob: { day: Number(day), month: Number(month), year: Number(year) } };
  // A new document unless the tester names one: the same number under two accounts is how a
  // test shows one person holding two accounts.
  const number = documentNumber ?? `P${randomId("", 8).toUpperCase()}`;
  session.status = "verified";
  session.last_error = null;
  session.url = null;
  record.outputs = outputs;
  record.report = { id: reportId, object: "identity.verification_report", created, type: "document", document: { status: "verified", error: null, type: "passport", issuing_country: "GB", ...structuredClone(outputs), number } };
  return "identity.verification_session.verified";
}

/**
 * POST /v1/identity/verification_sessions/:id/cancel
 * @param {VerificationRecord} record
 */
export function cancelVerificationSession(record) {
  if (record.session.status !== "requires_input") {
    throw invalid(`This VerificationSession has a status of ${record.session.status} and cannot be canceled. Only sessions with status requires_input can be canceled.`);
  }
  record.session.status = "canceled";
  record.session.url = null;
}

/**
 * Where the browser goes back after the page, as Stripe sends it (the return_url as given).
 * @param {VerificationRecord} record
 */
export function verificationReturn(record) {
  return record.returnUrl;
}
