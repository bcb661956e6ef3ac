// The sandbox's Stripe Identity: verification sessions through the real SDK, the hosted test
// page as a browser posts it, and signed identity.verification_session.* webhooks. No database.
import Stripe from "stripe";
import { startStripeSandbox, type SandboxDelivery, type StripeSandbox } from "@/stripe-sandbox/server.mjs";

const SECRET = "whsec_identitysecret0123456789";
const RETURN_URL = "http://127.0.0.1:3000/dashboard/identity";

let sandbox: StripeSandbox;
let stripe: Stripe;
let deliveries: SandboxDelivery[] = [];

beforeAll(async () => {
  sandbox = await startStripeSandbox({
    webhookSecret: SECRET,
    deliver: async (delivery) => {
      deliveries.push(delivery);
      return { status: 200 };
    },
    log: () => undefined,
  });
  stripe = new Stripe("sk_test_sandbox", { host: "127.0.0.1", port: sandbox.port, protocol: "http", maxNetworkRetries: 0 });
});

afterAll(() => sandbox.close());
beforeEach(() => {
  deliveries = [];
});

const create = () => stripe.identity.verificationSessions.create({ type: "document", metadata: { user_id: "user_1" }, return_url: RETURN_URL, options: { document: { allowed_types: ["passport", "driving_license"] } } });
const post = (url: string, fields: Record<string, string>) => fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });

async function delivered(type: string, id: string) {
  for (let waited = 0; waited < 3000; waited += 10) {
    const found = deliveries.find((d) => d.event.type === type && d.event.data.object.id === id);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no ${type} delivered for ${id}`);
}

describe("stripe sandbox: identity verification sessions", () => {
  it("creates a document session awaiting input, with a hosted test page", async () => {
    const session = await create();
    expect(session).toMatchObject({ object: "identity.verification_session", status: "requires_input", type: "document", last_error: null, metadata: { user_id: "user_1" } });
    expect(session.id).toMatch(/^vs_/);
    const page = await fetch(String(session.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Test identity check — no real document is read");
    expect(html).toContain('<label for="name">Full name on the document</label>');
  });

  it("refuses what Stripe refuses: another type, an unknown parameter", async () => {
    await expect(stripe.identity.verificationSessions.create({ type: "id_number" })).rejects.toMatchObject({ statusCode: 400, param: "type" });
    await expect(stripe.identity.verificationSessions.create({ type: "document", colour: "red" } as Stripe.Identity.VerificationSessionCreateParams)).rejects.toMatchObject({ statusCode: 400 });
    await expect(stripe.identity.verificationSessions.retrieve("vs_missing")).rejects.toMatchObject({ statusCode: 404 });
  });

  it("verifies on the page: redirects to return_url, sends a signed verified event, expands the outputs and the report", async () => {
    const session = await create();
    const response = await post(String(session.url), { name: "Alex  Morgan", dob: "1990-05-17", outcome: "verified" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(RETURN_URL);
    const delivery = await delivered("identity.verification_session.verified", session.id);
    const event = stripe.webhooks.constructEvent(delivery.payload, delivery.signature, SECRET);
    expect(event.type).toBe("identity.verification_session.verified");
    expect(JSON.stringify(event.data.object)).not.toContain("Morgan");
    const seen = await stripe.identity.verificationSessions.retrieve(session.id, { expand: ["verified_outputs", "verified_outputs.dob", "last_verification_report.document.number"] });
    expect(seen.status).toBe("verified");
    expect(seen.url).toBeNull();
    expect(seen.verified_outputs).toMatchObject({ first_name: "Alex", last_name: "Morgan", dob: { day: 17, month: 5, year: 1990 } });
    const report = seen.last_verification_report as Stripe.Identity.VerificationReport;
    expect(report.document?.number).toMatch(/^P[0-9A-Z]{8}$/);
    // Sensitive fields only when named, as at Stripe.
    const unnamed = await stripe.identity.verificationSessions.retrieve(session.id, { expand: ["verified_outputs", "last_verification_report"] });
    expect(unnamed.verified_outputs?.dob).toBeUndefined();
    expect((unnamed.last_verification_report as Stripe.Identity.VerificationReport).document?.number).toBeUndefined();
    const plain = await stripe.identity.verificationSessions.retrieve(session.id);
    expect(plain.verified_outputs).toBeUndefined();
    expect(typeof plain.last_verification_report).toBe("string");
    // Done is done: the page says so and a second outcome is refused.
    expect((await post(String(session.url), { name: "Alex Morgan", dob: "1990-05-17", outcome: "verified" })).status).toBe(409);
  });

  it("\"with a different surname\" verifies a document whose surname differs; a named document number is kept", async () => {
    const session = await create();
    await post(String(session.url), { name: "Alex Morgan", dob: "1990-05-17", number: "ab123456", outcome: "other_name" });
    const report = (await stripe.identity.verificationSessions.retrieve(session.id, { expand: ["last_verification_report.document.number"] })).last_verification_report as Stripe.Identity.VerificationReport;
    expect(report.document?.number).toBe("AB123456");
    const seen = await stripe.identity.verificationSessions.retrieve(session.id, { expand: ["verified_outputs"] });
    expect(seen.verified_outputs).toMatchObject({ first_name: "Alex", last_name: "Morgan-Different" });
  });

  it("an unreadable document leaves the session requiring input, with the error, and it can be tried again", async () => {
    const session = await create();
    await post(String(session.url), { outcome: "unreadable" });
    await delivered("identity.verification_session.requires_input", session.id);
    const seen = await stripe.identity.verificationSessions.retrieve(session.id, { expand: ["verified_outputs"] });
    expect(seen).toMatchObject({ status: "requires_input", last_error: { code: "document_unverified_other" }, verified_outputs: null });
    expect(await (await fetch(String(seen.url))).text()).toContain("The last attempt was not accepted");
    await sandbox.verifyIdentity(session.id, { outcome: "verified", firstName: "Alex", lastName: "Morgan", dob: "1990-05-17" });
    expect(sandbox.verificationSession(session.id)?.status).toBe("verified");
  });

  it("tells the tester what is wrong with the form instead of verifying", async () => {
    const session = await create();
    const response = await post(String(session.url), { name: "Alex", dob: "17/05/1990", outcome: "verified" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("first name and surname");
    expect(sandbox.verificationSession(session.id)?.status).toBe("requires_input");
  });

  it("cancels a session awaiting input (and announces it), not a verified one", async () => {
    const session = await create();
    const canceled = await stripe.identity.verificationSessions.cancel(session.id);
    expect(canceled).toMatchObject({ status: "canceled", url: null });
    await delivered("identity.verification_session.canceled", session.id);
    const verified = await create();
    await sandbox.verifyIdentity(verified.id, { outcome: "verified", firstName: "Alex", lastName: "Morgan", dob: "1990-05-17" });
    await expect(stripe.identity.verificationSessions.cancel(verified.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});
