import { DELETE as deleteAccount } from "@/app/api/account/route";
import { GET as exportData } from "@/app/api/account/export/route";
import { POST as contact } from "@/app/api/contact/route";
import { POST as newsletter } from "@/app/api/newsletter/route";
import { POST as register } from "@/app/api/register/route";
import { POST as claim } from "@/app/api/staff/orders/[id]/claim/route";
import { POST as invite } from "@/app/api/staff/orders/[id]/invite/route";
import { POST as verify } from "@/app/api/verify-email/route";
import { getOwnInvitation } from "@/lib/server/orders/history/get-own-invitation";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { patientActor } from "@/tests/factories/actor";
import { uniqueEmail } from "@/tests/factories/guest";
import { signedInStaff } from "@/tests/factories/staff";
import { emailedTokens, signIn } from "@/tests/factories/user";
import { createPaidOrder, guestShopper } from "../orders/support/shop";

// Finding 1 (issue 22): records keyed by an email join an account only once the account has
// proved it controls that address. An unverified account registered with a guest patient's
// address must see, delete and receive nothing of theirs.

jest.setTimeout(30_000);
const sandbox = sandboxForThisFile();
afterAll(() => db.$disconnect());
beforeEach(() => db.rateLimitBucket.deleteMany());

let addressSeq = 0;
const fromAddress = () => ({ "x-forwarded-for": `198.51.100.${(++addressSeq % 250) + 1}` });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const PASSWORD = "a long enough passphrase";

/** A guest patient: a paid medicine order, a contact message and a newsletter sign-up, all under their email. */
async function guestPatientWithRecords() {
  const shopper = guestShopper();
  const { order } = await createPaidOrder(sandbox, { shopper });
  const message = await call(contact, "/api/contact", {
    json: { name: "Vic Tim", email: shopper.email, subject: "About my hair loss", message: "My private question." },
    headers: fromAddress(),
  });
  expect(message.status).toBe(201);
  expect((await call(newsletter, "/api/newsletter", { json: { email: shopper.email, consent: true }, headers: fromAddress() })).status).toBe(201);
  return { email: shopper.email, order };
}

/** Registers `email` through the API and signs in with the password chosen, as the spec's client does. */
async function registerAndSignIn(email: string) {
  const res = await call(register, "/api/register", {
    json: { name: "Someone", email, password: PASSWORD, password_confirmation: PASSWORD },
    headers: fromAddress(),
  });
  expect(res.status).toBe(201);
  const user = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true, name: true, email: true } });
  const session = await signIn({ email, password: PASSWORD });
  return { user, ...session };
}

async function pharmacistInvites(orderId: string) {
  const { cookies } = await signedInStaff("PHARMACIST", false);
  expect((await call(claim, `/api/staff/orders/${orderId}/claim`, { json: {}, cookies, params: { id: orderId } })).status).toBe(200);
  return call(invite, `/api/staff/orders/${orderId}/invite`, { json: { consultation_type: "hair-consultation" }, cookies, params: { id: orderId } });
}

describe("email-keyed records and an unverified account (finding 1)", () => {
  it("an unverified account with a guest's email exports none of their contact messages, emails or newsletter sign-up", async () => {
    const victim = await guestPatientWithRecords();
    const attacker = await registerAndSignIn(victim.email);
    const res = await call(exportData, "/api/account/export", { headers: bearer(attacker.token) });
    expect(res.status).toBe(200);
    expect(res.body.account.email_verified_at).toBeNull();
    expect(res.body.contact_messages).toEqual([]);
    expect(res.body.newsletter).toBeNull();
    expect(res.body.emails_sent).toEqual([]);
    expect(JSON.stringify(res.body)).not.toContain(victim.order.reference);
    expect(JSON.stringify(res.body)).not.toContain("My private question");
  });

  it("an unverified account with a guest's email deletes none of their records when it deletes itself", async () => {
    const victim = await guestPatientWithRecords();
    const emailsBefore = await db.outboxEmail.count({ where: { toAddress: victim.email } });
    const attacker = await registerAndSignIn(victim.email);
    const done = await call(deleteAccount, "/api/account", { method: "DELETE", json: { password: PASSWORD }, headers: bearer(attacker.token) });
    expect(done.status).toBe(200);
    expect(await db.user.count({ where: { id: attacker.user.id } })).toBe(0);
    expect(await db.contactMessage.count({ where: { email: victim.email } })).toBe(1);
    expect(await db.newsletterSubscriber.count({ where: { email: victim.email } })).toBe(1);
    // The guest's own emails stay; only what the attacker's account itself was sent is its own.
    expect(await db.outboxEmail.count({ where: { toAddress: victim.email } })).toBeGreaterThanOrEqual(emailsBefore);
  });

  it("a pharmacist's invitation for a guest's order goes by email, never to an unverified account with that email", async () => {
    const victim = await guestPatientWithRecords();
    const attacker = await registerAndSignIn(victim.email);
    const res = await pharmacistInvites(victim.order.id);
    expect(res.status).toBe(200);
    const invitation = await db.consultationInvitation.findFirstOrThrow({ where: { orderId: victim.order.id } });
    expect(invitation.userId).toBeNull();
    expect(await getOwnInvitation(patientActor(attacker.user), invitation.id)).toBeNull();
    const order = await db.order.findUniqueOrThrow({ where: { id: victim.order.id } });
    expect(order.userId).toBeNull();
    expect(order.status).toBe("CONSULTATION_INVITED");
    const mails = await db.outboxEmail.findMany({ where: { toAddress: victim.email, subject: { contains: "please book a free consultation" } } });
    expect(mails).toHaveLength(1);
    const exported = await call(exportData, "/api/account/export", { headers: bearer(attacker.token) });
    expect(JSON.stringify(exported.body)).not.toContain(victim.order.reference);
  });

  it("once the real owner verifies the address, the records (and a waiting invitation) are linked to the account, audited, and appear", async () => {
    const victim = await guestPatientWithRecords();
    expect((await pharmacistInvites(victim.order.id)).status).toBe(200);
    const owner = await registerAndSignIn(victim.email);
    const [token] = await emailedTokens(victim.email, /Welcome/);
    expect((await call(verify, "/api/verify-email", { json: { token }, headers: fromAddress() })).status).toBe(200);

    expect(await db.contactMessage.count({ where: { email: victim.email, userId: owner.user.id } })).toBe(1);
    expect(await db.newsletterSubscriber.count({ where: { email: victim.email, userId: owner.user.id } })).toBe(1);
    expect(await db.outboxEmail.count({ where: { toAddress: victim.email, userId: null } })).toBe(0);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "account.email_records_linked", subjectId: owner.user.id } });
    expect(audit.detail).toMatchObject({ contact_messages: 1, newsletter: 1, orders: 1, invitations: 1 });
    expect(audit.detail).not.toHaveProperty("email");

    const invitation = await db.consultationInvitation.findFirstOrThrow({ where: { orderId: victim.order.id } });
    expect(invitation.userId).toBe(owner.user.id);
    expect(await getOwnInvitation(patientActor(owner.user), invitation.id)).toMatchObject({ state: "open", orderReference: victim.order.reference });
    const { token: bearerToken } = await signIn({ email: victim.email, password: PASSWORD });
    const exported = await call(exportData, "/api/account/export", { headers: bearer(bearerToken) });
    expect(exported.body.contact_messages).toEqual([expect.objectContaining({ subject: "About my hair loss" })]);
    expect(exported.body.newsletter).toMatchObject({ email: victim.email });
    expect(exported.body.emails_sent.map((mail: { subject: string }) => mail.subject)).toEqual(
      expect.arrayContaining([`Thank you for your order ${victim.order.reference}`, expect.stringMatching(/Welcome/)]),
    );
  });

  it("emails sent after the address is verified belong to the account at once; a password reset also proves the address", async () => {
    const email = uniqueEmail("squatted");
    const squatter = await registerAndSignIn(email);
    // The real owner of the address takes the account back with a reset link: that proves the address too.
    const { POST: forgot } = await import("@/app/api/forgot-password/route");
    const { POST: reset } = await import("@/app/api/reset-password/route");
    expect((await call(forgot, "/api/forgot-password", { json: { email }, headers: fromAddress() })).status).toBe(200);
    const [resetToken] = await emailedTokens(email, /password/i);
    const done = await call(reset, "/api/reset-password", {
      json: { token: resetToken, email, password: "the owner's own passphrase", password_confirmation: "the owner's own passphrase" },
      headers: fromAddress(),
    });
    expect(done.status).toBe(200);
    const user = await db.user.findUniqueOrThrow({ where: { id: squatter.user.id } });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await db.outboxEmail.count({ where: { toAddress: email, userId: null } })).toBe(0);
    const later = await call(contact, "/api/contact", { json: { name: "Owner", email, subject: "Hello", message: "Now verified." }, headers: fromAddress() });
    expect(later.status).toBe(201);
    expect(await db.contactMessage.findFirstOrThrow({ where: { email, subject: "Hello" } })).toMatchObject({ userId: user.id });
  });
});
