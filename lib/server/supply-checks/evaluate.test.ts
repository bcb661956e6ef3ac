import type { Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { assertSupplyAllowed, evaluateSupplyChecks, supplyBlocked } from "./evaluate";
import type { SupplyCheck, SupplyCheckDefinition, SupplySubject } from "./types";

// The registered checks read the database (tests/integration covers each); these tests pass their own.
jest.mock("./identity-check", () => ({ identityCheck: { key: "identity", evaluate: jest.fn() } }));
jest.mock("./weight-check", () => ({ weightCheck: { key: "weight", evaluate: jest.fn() } }));
jest.mock("./dose-check", () => ({ doseCheck: { key: "dose", evaluate: jest.fn() } }));
jest.mock("./gp-consent-check", () => ({ gpConsentCheck: { key: "gp_consent", evaluate: jest.fn() } }));
jest.mock("./prescriber-authorisation-check", () => ({ prescriberAuthorisationCheck: { key: "prescriber_authorisation", evaluate: jest.fn() } }));

const subject: SupplySubject = {
  kind: "order",
  id: "order-1",
  reference: "OR-1",
  userId: "user-1",
  guestKeyHash: null,
  email: "pat@example.com",
  responseIds: [],
  medicines: [{ name: "Mounjaro", productId: "p1", prescriptionOnly: true, requiresWeightVerification: true, requiresGpConsent: true }],
};
const tx = {} as Tx;

function check(key: string, state: SupplyCheck["state"], blocking: string | null = null): SupplyCheckDefinition {
  return { key, evaluate: async (_tx, seen) => ({ key, title: key, state, summary: `${key} for ${seen.reference}`, facts: [], blocking, source: "test" }) };
}

describe("supply checks", () => {
  it("evaluates every check in order, passing the subject", async () => {
    const found = await evaluateSupplyChecks(tx, subject, [check("identity", "met"), check("weight", "not_required")]);
    expect(found.map((c) => [c.key, c.summary])).toEqual([["identity", "identity for OR-1"], ["weight", "weight for OR-1"]]);
  });

  it("is blocked by the first unmet check, with its reason", () => {
    expect(supplyBlocked([{ ...base("a"), state: "met" }, { ...base("b"), state: "unmet", blocking: "Verify b first." }, { ...base("c"), state: "unmet", blocking: "Verify c first." }])).toBe("Verify b first.");
    expect(supplyBlocked([{ ...base("a"), state: "met" }, { ...base("b"), state: "not_required" }])).toBeNull();
  });

  it("refuses the decision with a 409 naming what is missing", async () => {
    const refused = assertSupplyAllowed(tx, subject, [check("identity", "met"), check("weight", "unmet", "Record the patient's verified weight before supplying Mounjaro.")]);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: "conflict", message: "Record the patient's verified weight before supplying Mounjaro." });
  });

  it("lets the supply go ahead when every check is met or not required", async () => {
    await expect(assertSupplyAllowed(tx, subject, [check("identity", "met"), check("gp", "not_required")])).resolves.toHaveLength(2);
  });
});

function base(key: string): SupplyCheck {
  return { key, title: key, state: "met", summary: "", facts: [], blocking: null, source: "test" };
}
