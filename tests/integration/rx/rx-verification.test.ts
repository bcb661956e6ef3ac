import { prescriptionExpiresAt } from "@/lib/server/prescription-documents/prescription-validity";
import { getRxVerification } from "@/lib/server/rx/get-rx-verification";
import { db } from "@/tests/support/db";
import { createIssuedPrescription } from "@/tests/factories/prescription";

afterAll(async () => {
  await db.$disconnect();
});

describe("getRxVerification (the public /rx/{reference} check)", () => {
  it("shows a genuine prescription with the patient's initials and year of birth only", async () => {
    const issuedAt = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    const issued = await createIssuedPrescription({ patientName: "Priya Shah", patientDateOfBirth: "1988-03-02", issuedAt });
    const check = await getRxVerification(issued.reference);
    expect(check).toEqual({
      reference: issued.reference,
      medicine: "Finasteride 1 mg film-coated tablets",
      dose: "1 mg once a day",
      quantity: "28 tablets",
      prescriberName: "Dr Sam Patel",
      prescriberRegistration: "GMC 7654321",
      patientInitials: "P. S.",
      patientBirthYear: "1988",
      issuedAt: issuedAt.toISOString(),
      expiresAt: prescriptionExpiresAt(issuedAt).toISOString(),
      isExpired: false,
      dispensed: null,
    });
    const everything = JSON.stringify(check);
    for (const secret of ["Priya", "Shah", "1988-03-02", "03-02", issued.dispenseCode, "Take one tablet"]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("is null for an unknown reference", async () => {
    expect(await getRxVerification("RX-2222-3333-4444")).toBeNull();
  });

  it("dates expiry exactly as the database enforces it (end of month included)", async () => {
    for (const issued of ["2026-08-31 09:00:00", "2027-08-31 23:30:00", "2026-01-15 10:30:00"]) {
      const [row] = await db.$queryRawUnsafe<{ expires: Date }[]>(`SELECT $1::timestamp + interval '6 months' AS expires`, issued);
      expect(prescriptionExpiresAt(new Date(`${issued.replace(" ", "T")}Z`)).toISOString()).toBe(row!.expires.toISOString());
    }
  });
});
