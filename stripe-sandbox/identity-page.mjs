// The hosted identity check a browser sees at a verification session's url: a test page (no
// document is read) where the tester types what the document says and picks an outcome. Same
// page frame, CSP and accessibility as the checkout page (hosted-page.mjs).
import { escapeHtml, newNonce, page } from "./hosted-page.mjs";

/** @typedef {import("./identity.mjs").VerificationRecord} VerificationRecord */

const FRAME = { banner: "Test identity check — no real document is read", site: "Test identity check" };

/**
 * The form for a session awaiting input.
 * @param {VerificationRecord} record
 * @param {{ error?: string, name?: string, dob?: string, number?: string, status?: number }} [state]
 */
export function renderIdentityPage(record, { error, name = "", dob = "", number = "", status = 200 } = {}) {
  const { session } = record;
  const errorId = "identity-error";
  const invalid = error ? ` aria-invalid="true" aria-describedby="${errorId}"` : "";
  const previous = session.last_error ? `<p>The last attempt was not accepted: ${escapeHtml(session.last_error.reason)} Try again.</p>` : "";
  const main = `<h1>Verify your identity</h1>
<p>On the real service you would photograph a passport, driving licence or identity card here. In this test, type what the document says and choose an outcome.</p>
${previous}
${error ? `<p class="alert" role="alert" id="${errorId}">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/verify/${escapeHtml(session.id)}">
<label for="name">Full name on the document</label>
<input id="name" name="name" autocomplete="name" value="${escapeHtml(name)}"${invalid}>
<label for="dob">Date of birth on the document</label>
<input id="dob" name="dob" placeholder="YYYY-MM-DD" aria-describedby="dob-hint${error ? ` ${errorId}` : ""}" value="${escapeHtml(dob)}"${error ? ` aria-invalid="true"` : ""}>
<p class="hint" id="dob-hint">As YYYY-MM-DD, for example 1990-05-17.</p>
<label for="number">Document number (optional)</label>
<input id="number" name="number" autocomplete="off" aria-describedby="number-hint" value="${escapeHtml(number)}">
<p class="hint" id="number-hint">Left empty, a new document. The same number under two accounts is one person's document (a duplicate account).</p>
<div class="actions">
<button class="pay" type="submit" name="outcome" value="verified">Verified</button>
<button class="cancel" type="submit" name="outcome" value="other_name">Verified, with a different surname</button>
<button class="cancel" type="submit" name="outcome" value="unreadable">Document unreadable</button>
</div>
</form>`;
  return page({ nonce: newNonce(), title: "Verify your identity", formTargets: [record.returnUrl], ...FRAME }, main, status);
}

/**
 * A session that no longer takes input (verified or canceled).
 * @param {VerificationRecord} record
 * @param {number} [status]
 */
export function renderIdentityClosedPage(record, status = 200) {
  const heading = record.session.status === "verified" ? "This identity check is complete." : "This identity check was canceled.";
  const link = record.returnUrl ? `<p><a href="${escapeHtml(record.returnUrl)}">Return to the clinic</a></p>` : "";
  return page({ nonce: newNonce(), title: heading, ...FRAME }, `<h1>${heading}</h1>\n${link}`, status);
}

export function renderIdentityUnknownPage() {
  return page({ nonce: newNonce(), title: "Identity check not found", ...FRAME }, "<h1>Identity check not found</h1>\n<p>This verification link is not valid.</p>", 404);
}

/**
 * The name and date of birth from the page's form, or what is wrong with them.
 * @param {string} name
 * @param {string} dob
 * @returns {{ firstName: string, lastName: string, dob: string } | string}
 */
export function readDocumentFields(name, dob) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return "Enter the full name on the document: first name and surname.";
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob.trim());
  const date = match ? new Date(`${dob.trim()}T00:00:00Z`) : null;
  if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== dob.trim()) return "Enter the date of birth as YYYY-MM-DD, for example 1990-05-17.";
  return { firstName: parts.slice(0, -1).join(" "), lastName: /** @type {string} */ (parts.at(-1)), dob: dob.trim() };
}
