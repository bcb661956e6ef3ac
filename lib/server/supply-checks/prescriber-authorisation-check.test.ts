import type { Tx } from "@/lib/server/core/db/client";
import { isAwaitingPrescriber, NOT_PRESCRIBED, prescriberAuthorisationCheck } from "./prescriber-authorisation-check";
import type { SupplySubject } from "./types";

const mounjaro = { name: "Mounjaro", productId: "p1", prescriptionOnly: true, requiresWeightVerification: true, requiresGpConsent: true };
const minoxidil = { name: "Minoxidil", productId: "p2", prescriptionOnly: false, requiresWeightVerification: false, requiresGpConsent: false };
const subject = (overrides: Partial<SupplySubject> = {}): SupplySubject => ({
  kind: "order",
  id: "order-1",
  reference: "OR-1",
  userId: "user-1",
  guestKeyHash: null,
  email: "pat@example.com",
  responseIds: [],
  medicines: [mounjaro],
  ...overrides,
});
/** A transaction whose one read is the order's authorisation and check-in. */
const txWith = (row: unknown) => ({ order: { findUniqueOrThrow: jest.fn(async () => row) } }) as unknown as Tx;
const at = new Date("2026-11-20T10:30:00Z");
const prescriber = { prescriberId: "dr-1", prescriberName: "Dr Noor Haddad", prescriberRegistration: "GMC 1234567", createdAt: at };
const approver = { name: "Dr Sam Patel", staffProfile: { registrationBody: "GMC", registrationNumber: "7654321" } };

describe("the prescriber_authorisation supply check", () => {
  it("is not required without a prescription-only medicine, nor for a prescription request (itself the prescriber's decision)", async () => {
    const tx = txWith(null);
    expect((await prescriberAuthorisationCheck.evaluate(tx, subject({ medicines: [minoxidil] }))).state).toBe("not_required");
    expect((await prescriberAuthorisationCheck.evaluate(tx, subject({ kind: "prescription_request" }))).state).toBe("not_required");
  });

  it("is unmet with the sentence while no prescriber has authorised it, or the check-in is not approved", async () => {
    for (const checkIn of [null, { status: "SUBMITTED", decidedAt: null, decidedById: null, decidedBy: null }, { status: "REFERRED", decidedAt: at, decidedById: "dr-2", decidedBy: approver }]) {
      expect(await prescriberAuthorisationCheck.evaluate(txWith({ prescription: null, checkIn }), subject())).toMatchObject({ state: "unmet", blocking: NOT_PRESCRIBED });
    }
  });

  it("is met by the authorisation, naming the prescriber, registration and time, or by an approved renewal check-in", async () => {
    const found = await prescriberAuthorisationCheck.evaluate(txWith({ prescription: prescriber, checkIn: null }), subject());
    expect(found).toMatchObject({ state: "met", blocking: null });
    expect(found.summary).toBe("Prescribed by Dr Noor Haddad on 20 Nov 2026, 10:30.");
    expect(found.facts).toEqual([
      { label: "Prescriber", value: "Dr Noor Haddad" },
      { label: "Registration", value: "GMC 1234567" },
      { label: "Prescribed", value: "20 Nov 2026, 10:30" },
    ]);
    const renewal = await prescriberAuthorisationCheck.evaluate(txWith({ prescription: null, checkIn: { status: "APPROVED", decidedAt: at, decidedById: "dr-2", decidedBy: approver } }), subject());
    expect(renewal).toMatchObject({ state: "met", summary: "Renewal approved at the check-in by Dr Sam Patel on 20 Nov 2026, 10:30." });
    expect(renewal.facts[1]).toEqual({ label: "Registration", value: "GMC 7654321" });
  });

  it("isAwaitingPrescriber: a prescription-only line with neither an authorisation nor an approved check-in", () => {
    const none = { hasPom: true, hasAuthorisation: false, checkInStatus: null, hasPlanPrescription: false };
    expect(isAwaitingPrescriber(none)).toBe(true);
    expect(isAwaitingPrescriber({ ...none, checkInStatus: "SUBMITTED" })).toBe(true);
    expect(isAwaitingPrescriber({ ...none, hasAuthorisation: true })).toBe(false);
    expect(isAwaitingPrescriber({ ...none, checkInStatus: "APPROVED" })).toBe(false);
    // A prescription plan's supply is made against the prescription a prescriber issued.
    expect(isAwaitingPrescriber({ ...none, hasPlanPrescription: true })).toBe(false);
    expect(isAwaitingPrescriber({ ...none, hasPom: false })).toBe(false);
  });
});
