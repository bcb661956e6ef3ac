// Two accounts that look like one person: the same verified document, or the same name, date of
// birth and delivery postcode. Both cases are flagged and wait for a reviewer's audited decision.
import { POST as startRoute } from "@/app/api/identity/verification/route";
import { POST as decideRoute } from "@/app/api/staff/identity-duplicates/route";
import { findIdentityDuplicates } from "@/lib/server/identity/find-identity-duplicates";
import { getIdentityReview } from "@/lib/server/identity/get-identity-review";
import { getReviewCase } from "@/lib/server/prescription-review/get-review-case";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { staffActor } from "@/tests/factories/actor";
import { verifyIdentity } from "@/tests/factories/identity";
import { signedInStaff } from "@/tests/factories/staff";
import { createUser, signIn } from "@/tests/factories/user";
import { accountShopper, addToCart, ADDRESS, checkout } from "@/tests/integration/orders/support/shop";
import { claimCase, issueCase } from "@/tests/integration/prescription-review/support/staff-calls";
import { createPaidRequest } from "@/tests/integration/prescription-review/support/paid-request";

const sandbox = sandboxForThisFile();

/** The patient verifies on the provider with this document number (the sandbox's page, through the signed webhook). */
async function verifyWithDocument(cookies: Record<string, string>, documentNumber: string) {
  const res = await call(startRoute, "/api/identity/verification", { method: "POST", json: {}, cookies });
  const sessionId = (res.body.url as string).split("/").at(-1)!;
  await sandbox.verifyIdentity(sessionId, { outcome: "verified", firstName: "Alex", lastName: "Morgan", dob: "1990-05-17", documentNumber });
}

const decide = (cookies: Record<string, string>, json: Record<string, unknown>) => call(decideRoute, "/api/staff/identity-duplicates", { json, cookies });

describe("duplicate accounts", () => {
  it("the same document under two accounts flags both cases, blocks the issue until a reviewer decides, and the decision is audited", async () => {
    const number = `P${Date.now()}`;
    const first = await createPaidRequest(sandbox, { identity: false });
    const second = await createPaidRequest(sandbox, { identity: false });
    await verifyWithDocument(first.cookies, number);
    await verifyWithDocument(second.cookies, number);
    const staff = await signedInStaff("PRESCRIBER", true, { name: "Dr Priya Shah" });
    const reviewer = staffActor(staff.staff, "PRESCRIBER");

    for (const [mine, theirs] of [[first, second], [second, first]] as const) {
      const seen = await getReviewCase(reviewer, mine.request.id);
      const identity = seen.supplyChecks.find((check) => check.key === "identity")!;
      expect(identity.state).toBe("unmet");
      expect(identity.blocking).toBe(`Another account (${theirs.patient.email}) looks like the same person (the same identity document). Record whether they are the same person before supplying (Identity: Possible second account).`);
      expect(identity.facts).toContainEqual(expect.objectContaining({ label: "Possible second account", href: `/staff/identity/${mine.patient.id}` }));
    }
    await claimCase(first.request.id, { cookies: staff.cookies });
    expect((await issueCase(first.request.id, { cookies: staff.cookies })).status).toBe(409);

    const page = await getIdentityReview(reviewer, first.patient.id);
    // Opening another person's identity details is recorded, with no detail from the document.
    const views = await db.auditEvent.findMany({ where: { action: "identity.viewed", subjectId: first.patient.id } });
    expect(views).toEqual([expect.objectContaining({ actorId: staff.staff.id, subjectType: "user", detail: {} })]);
    expect(page.duplicates).toEqual([expect.objectContaining({ userId: second.patient.id, reasons: ["the same identity document"], decision: null })]);
    expect(page.duplicates[0]!.cases.map((item) => item.href)).toEqual([`/staff/prescriptions/${second.request.id}`]);

    // A bad decision is refused with the field's message; a good one is recorded and audited.
    const bad = await decide(staff.cookies, { user_id: first.patient.id, other_user_id: second.patient.id, decision: "MAYBE", note: "short" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ decision: [expect.any(String)], note: [expect.any(String)] });
    const decided = await decide(staff.cookies, { user_id: second.patient.id, other_user_id: first.patient.id, decision: "SAME_PERSON_SUPPLY_ALLOWED", note: "Called the patient: an old account from 2023, closed now." });
    expect(decided.status).toBe(200);
    const audits = await db.auditEvent.findMany({ where: { action: "identity.duplicate_decided", subjectId: second.patient.id } });
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toEqual({ other_user: first.patient.id, decision: "SAME_PERSON_SUPPLY_ALLOWED" });
    expect(JSON.stringify(audits[0]!.detail)).not.toContain("Called the patient");

    // Decided from either side: both cases may go ahead.
    expect((await issueCase(first.request.id, { cookies: staff.cookies })).status).toBe(201);
    const other = (await getReviewCase(reviewer, second.request.id)).supplyChecks.find((check) => check.key === "identity")!;
    expect(other.state).toBe("met");

    // "The same person, no supply" blocks again, saying so.
    await decide(staff.cookies, { user_id: first.patient.id, other_user_id: second.patient.id, decision: "SAME_PERSON_DECLINE", note: "Two accounts used to get two supplies." });
    await claimCase(second.request.id, { cookies: staff.cookies });
    const refused = await issueCase(second.request.id, { cookies: staff.cookies });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`A reviewer decided this patient is the same person as the account ${first.patient.email} and that no supply should go ahead. Decline this case.`);

    // The decision belongs to the pair of accounts: it goes when either account is deleted (the audit log keeps it).
    await db.user.delete({ where: { id: second.patient.id } });
    expect(await db.identityDuplicateReview.count({ where: { OR: [{ firstUserId: second.patient.id }, { secondUserId: second.patient.id }] } })).toBe(0);
    expect(await db.auditEvent.count({ where: { action: "identity.duplicate_decided", subjectId: second.patient.id } })).toBe(1);
  });

  it("the same name and date of birth flags two accounts only when they share a delivery postcode", async () => {
    const a = await createUser();
    const b = await createUser();
    await verifyIdentity(a, { firstName: "Alex", lastName: "Morgan", dateOfBirth: "1979-01-02" });
    await verifyIdentity(b, { firstName: "ALEX", lastName: "morgan", dateOfBirth: "1979-01-02" });
    expect(await findIdentityDuplicates(db, a.id)).toEqual([]);
    const order = async (user: { email: string; password: string }, postcode: string) => {
      const shopper = accountShopper((await signIn(user)).cookies, user.email);
      expect((await addToCart(shopper, { product_slug: "men-shampoo" })).status).toBe(201);
      const res = await checkout(shopper, { address: { ...ADDRESS, postcode } });
      expect(res.status).toBe(200);
      await sandbox.pay(res.body.sessionId);
    };
    await order(a, "LS1 4AP");
    await order(b, "M1 1AE");
    expect(await findIdentityDuplicates(db, a.id)).toEqual([]);
    await order(b, "ls1 4ap");
    expect(await findIdentityDuplicates(db, a.id)).toEqual([expect.objectContaining({ userId: b.id, reasons: ["the same name, date of birth and delivery postcode (LS1 4AP)"] })]);
  });

  it("only a flagged pair can be decided, and only by staff who decide supplies", async () => {
    const a = await createUser();
    const b = await createUser();
    const staff = await signedInStaff("PHARMACIST", false);
    const json = { user_id: a.id, other_user_id: b.id, decision: "DIFFERENT_PEOPLE", note: "Different people entirely, checked." };
    const notFlagged = await decide(staff.cookies, json);
    expect(notFlagged.status).toBe(404);
    expect(notFlagged.body.message).toBe("These two accounts are not flagged as the same person.");
    const { cookies: patientCookies } = await signIn(a);
    expect([403, 404]).toContain((await decide(patientCookies, json)).status);
    expect((await call(decideRoute, "/api/staff/identity-duplicates", { json })).status).toBe(401);
    expect(await db.identityDuplicateReview.count({ where: { OR: [{ firstUserId: a.id }, { secondUserId: a.id }] } })).toBe(0);
  });
});
