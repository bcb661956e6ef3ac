import { randomInt } from "node:crypto";
import { POST as dispense } from "@/app/api/rx/[reference]/dispense/route";
import { getRxVerification } from "@/lib/server/rx/get-rx-verification";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { createIssuedPrescription, otherCode } from "@/tests/factories/prescription";
import { signedInStaff, signedInPharmacy } from "@/tests/factories/staff";
import { createUser, signIn } from "@/tests/factories/user";

jest.setTimeout(60_000);

// Dispensing needs an identified pharmacy: a signed-in pharmacy account (issue 22). Most tests
// act as one pharmacy; `pharmacy` in a body is what older clients sent, accepted and ignored.
let camden: Awaited<ReturnType<typeof signedInPharmacy>>;
let camdenLabel: string;

beforeAll(async () => {
  camden = await signedInPharmacy({ name: "Camden Pharmacy" });
  camdenLabel = `Camden Pharmacy (GPhC ${camden.pharmacy.pharmacy.premisesNumber})`;
});

afterAll(async () => {
  await db.$disconnect();
});

/** A client address of its own, so per-address throttling does not mix tests up. */
function address() {
  return { "x-forwarded-for": `203.0.${randomInt(256)}.${randomInt(1, 255)}` };
}

function post(reference: string, json: unknown, headers: Record<string, string> = address(), cookies: Record<string, string> | null = camden.cookies) {
  return call(dispense, `/api/rx/${reference}/dispense`, { json, params: { reference }, headers, ...(cookies ? { cookies } : {}) });
}

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

async function stateOf(reference: string) {
  return db.prescription.findUniqueOrThrow({ where: { reference }, select: { dispensedAt: true, dispensedBy: true } });
}

describe("POST /api/rx/{reference}/dispense", () => {
  it("marks it dispensed for the signed-in pharmacy with the right code, once, and audits it naming the pharmacy", async () => {
    const issued = await createIssuedPrescription();
    const res = await post(issued.reference, { code: issued.dispenseCode });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(new RegExp(`^Marked as dispensed on \\d{1,2} \\w+ \\d{4} by Camden Pharmacy \\(GPhC ${camden.pharmacy.pharmacy.premisesNumber}\\)\\.$`));
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const state = await stateOf(issued.reference);
    expect(state.dispensedBy).toBe(camdenLabel);
    expect((await db.prescription.findUniqueOrThrow({ where: { reference: issued.reference }, select: { dispensedById: true } })).dispensedById).toBe(camden.pharmacy.id);
    expect(state.dispensedAt?.toISOString()).toBe(res.body.dispensedAt);
    expect(Math.abs(state.dispensedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    const audit = await db.auditEvent.findMany({ where: { subjectType: "prescription", subjectId: issued.prescriptionId } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "prescription.dispensed",
      actorId: camden.pharmacy.id,
      actorRole: "PHARMACY",
      detail: {
        reference: issued.reference,
        pharmacy: "Camden Pharmacy",
        premisesNumber: camden.pharmacy.pharmacy.premisesNumber,
        responsiblePharmacist: "Priya Shah",
        responsiblePharmacistNumber: camden.pharmacy.pharmacy.responsiblePharmacistNumber,
      },
    });

    const other = await signedInPharmacy({ name: "Another Pharmacy" });
    const again = await post(issued.reference, { code: issued.dispenseCode }, address(), other.cookies);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`This prescription was already dispensed on ${res.body.message.match(/on (.+) by/)[1]} by ${camdenLabel}.`);
    expect((await stateOf(issued.reference)).dispensedBy).toBe(camdenLabel);
    expect(await db.auditEvent.count({ where: { subjectId: issued.prescriptionId } })).toBe(1);
    expect((await getRxVerification(issued.reference))?.dispensed?.by).toBe(camdenLabel);
  });

  it("needs a signed-in pharmacy account: 401 signed out, 403 for a patient, a prescriber or an admin, and nothing counted or changed", async () => {
    const issued = await createIssuedPrescription();
    const anonymous = await post(issued.reference, { code: issued.dispenseCode }, address(), null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe("Sign in with your pharmacy's account to mark a prescription dispensed. Anyone can check that it is genuine without signing in.");
    const patient = await signIn(await createUser());
    const others = [patient.cookies, (await signedInStaff("PRESCRIBER")).cookies, (await signedInStaff("PHARMACIST")).cookies, (await signedInStaff("ADMIN")).cookies];
    for (const cookies of others) {
      const refused = await post(issued.reference, { code: issued.dispenseCode }, address(), cookies);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("Only a pharmacy's account can mark a prescription dispensed. Sign out, then sign in with your pharmacy's account.");
    }
    expect(await stateOf(issued.reference)).toEqual({ dispensedAt: null, dispensedBy: null });
    expect(await db.auditEvent.count({ where: { subjectId: issued.prescriptionId } })).toBe(0);
    // Refusals are not wrong codes: the pharmacy may still use it at once.
    expect((await post(issued.reference, { code: issued.dispenseCode })).status).toBe(200);
  });

  it("ignores a `pharmacy` name sent by older clients: the account's pharmacy is recorded", async () => {
    const issued = await createIssuedPrescription();
    const res = await post(issued.reference, { code: issued.dispenseCode, pharmacy: "Somebody Else's Pharmacy" });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain(camdenLabel);
    expect((await stateOf(issued.reference)).dispensedBy).toBe(camdenLabel);
  });

  it("refuses a wrong code with 422 and changes nothing", async () => {
    const issued = await createIssuedPrescription();
    const res = await post(issued.reference, { code: otherCode(issued.dispenseCode), pharmacy: "Camden Pharmacy" });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: "That code does not match this prescription.", errors: { code: ["That code does not match this prescription."] } });
    expect(await stateOf(issued.reference)).toEqual({ dispensedAt: null, dispensedBy: null });
    expect(await db.auditEvent.count({ where: { subjectId: issued.prescriptionId } })).toBe(0);
  });

  it("accepts the code as printed (with a space) and the reference in any case", async () => {
    const issued = await createIssuedPrescription();
    const printed = `${issued.dispenseCode.slice(0, 4)} ${issued.dispenseCode.slice(4)}`;
    const res = await post(issued.reference.toLowerCase(), { code: printed });
    expect(res.status).toBe(200);
    expect((await stateOf(issued.reference)).dispensedBy).toBe(camdenLabel);
  });

  it("lets exactly one of five concurrent correct attempts dispense it", async () => {
    const issued = await createIssuedPrescription();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post(issued.reference, { code: issued.dispenseCode, pharmacy: `Pharmacy ${i}` })),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const winner = results.find((res) => res.status === 200)!;
    expect(winner.body.message).toContain((await stateOf(issued.reference)).dispensedBy!);
    expect(await db.auditEvent.count({ where: { subjectId: issued.prescriptionId } })).toBe(1);
  });

  it("refuses an expired prescription (issued more than 6 months ago) with 409", async () => {
    const issued = await createIssuedPrescription({ issuedAt: daysAgo(200) });
    const res = await post(issued.reference, { code: issued.dispenseCode, pharmacy: "Camden Pharmacy" });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^This prescription expired on \d{1,2} \w+ \d{4} and can no longer be dispensed\.$/);
    expect(await stateOf(issued.reference)).toEqual({ dispensedAt: null, dispensedBy: null });
    // Still valid the day before the six months are up.
    const recent = await createIssuedPrescription({ issuedAt: daysAgo(170) });
    expect((await post(recent.reference, { code: recent.dispenseCode, pharmacy: "Camden Pharmacy" })).status).toBe(200);
  });

  it("answers 404 for an unknown or malformed reference and 422 for bad input", async () => {
    const unknown = await post("RX-2222-3333-4444", { code: "12345678", pharmacy: "Camden Pharmacy" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("We could not find this prescription. It may not be genuine.");
    expect((await post("not a reference!", { code: "12345678", pharmacy: "Camden Pharmacy" })).status).toBe(404);
    const issued = await createIssuedPrescription();
    const bad = await post(issued.reference, { code: "1234", pharmacy: "" });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["code"]);
    expect((await post(issued.reference, { code: 12345678, pharmacy: "Camden Pharmacy" })).status).toBe(422);
    expect((await post(issued.reference, "nonsense")).status).toBe(422);
    expect(await stateOf(issued.reference)).toEqual({ dispensedAt: null, dispensedBy: null });
  });

  it("refuses a browser write without the XSRF token", async () => {
    const issued = await createIssuedPrescription();
    const res = await call(dispense, `/api/rx/${issued.reference}/dispense`, {
      json: { code: issued.dispenseCode, pharmacy: "Camden Pharmacy" },
      params: { reference: issued.reference },
      headers: address(),
      cookies: camden.cookies,
      xsrf: false,
    });
    expect(res.status).toBe(403);
    expect(await stateOf(issued.reference)).toEqual({ dispensedAt: null, dispensedBy: null });
  });

  it("after 5 wrong codes in an hour refuses even the right code (429), from any address", async () => {
    const issued = await createIssuedPrescription();
    for (let i = 0; i < 5; i += 1) {
      expect((await post(issued.reference, { code: otherCode(issued.dispenseCode), pharmacy: "Guesser" })).status).toBe(422);
    }
    const blocked = await post(issued.reference, { code: issued.dispenseCode, pharmacy: "Camden Pharmacy" });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe("Too many wrong codes have been entered for this prescription. Please try again in an hour.");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(await stateOf(issued.reference)).toEqual({ dispensedAt: null, dispensedBy: null });
    // Other prescriptions are not held by it.
    const other = await createIssuedPrescription();
    expect((await post(other.reference, { code: other.dispenseCode, pharmacy: "Camden Pharmacy" })).status).toBe(200);
  });

  it("does not count right codes or repeats against a prescription", async () => {
    const issued = await createIssuedPrescription();
    for (let i = 0; i < 4; i += 1) {
      expect((await post(issued.reference, { code: otherCode(issued.dispenseCode), pharmacy: "Camden Pharmacy" })).status).toBe(422);
    }
    expect((await post(issued.reference, { code: issued.dispenseCode, pharmacy: "Camden Pharmacy" })).status).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      expect((await post(issued.reference, { code: issued.dispenseCode, pharmacy: "Camden Pharmacy" })).status).toBe(409);
    }
  });

  it("throttles one client address trying wrong codes on many prescriptions", async () => {
    const from = address();
    const prescriptions = await Promise.all(Array.from({ length: 8 }, () => createIssuedPrescription()));
    let refused = 0;
    for (let i = 0; i < 32; i += 1) {
      const target = prescriptions[i % prescriptions.length]!;
      const res = await post(target.reference, { code: otherCode(target.dispenseCode), pharmacy: "Guesser" }, from);
      if (res.status === 429) refused += 1;
      else expect(res.status).toBe(422);
    }
    // 30 wrong codes an hour per address (each prescription saw only 4).
    expect(refused).toBe(2);
    // Unknown references count too; another address is not affected.
    expect((await post("RX-2222-3333-4444", { code: "12345678", pharmacy: "Guesser" }, from)).status).toBe(429);
    const target = prescriptions[0]!;
    expect((await post(target.reference, { code: target.dispenseCode, pharmacy: "Camden Pharmacy" })).status).toBe(200);
  });
});
