import { NextRequest } from "next/server";
import { GET as pdfRoute } from "@/app/api/prescription-documents/[reference]/pdf/route";
import { getPrescriptionDocument } from "@/lib/server/prescription-documents/get-prescription-document";
import { renderPrescriptionPdf } from "@/lib/server/prescription-documents/render-prescription-pdf";
import { db } from "@/tests/support/db";
import { guestActor, patientActor } from "@/tests/factories/actor";
import { makeGuestId } from "@/tests/factories/guest";
import { createIssuedPrescription } from "@/tests/factories/prescription";
import { createUser, signIn } from "@/tests/factories/user";
import { pdfText } from "./pdf-text";

const ukDate = (date: Date) => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" }).format(date);
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

afterAll(async () => {
  await db.$disconnect();
});

async function getPdf(reference: string, headers: Record<string, string> = {}) {
  const req = new NextRequest(new URL(`/api/prescription-documents/${encodeURIComponent(reference)}/pdf`, "http://localhost:3000"), {
    headers: { host: "localhost:3000", ...headers },
  });
  const res = await pdfRoute(req, { params: Promise.resolve({ reference }) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("getPrescriptionDocument", () => {
  it("gives the owner everything printed on the prescription", async () => {
    const owner = await createUser();
    const issuedAt = new Date("2026-01-15T10:30:00.000Z");
    const issued = await createIssuedPrescription({ userId: owner.id, issuedAt, patientName: "Priya Shah", patientDateOfBirth: "1988-03-02" });
    const document = await getPrescriptionDocument(patientActor(owner), issued.reference);
    expect(document).toMatchObject({
      reference: issued.reference,
      requestReference: issued.requestReference,
      patientName: "Priya Shah",
      patientDateOfBirth: "1988-03-02",
      medicine: "Finasteride 1 mg film-coated tablets",
      prescriberName: "Dr Sam Patel",
      prescriberRegistration: "GMC 7654321",
      issuedAt: issuedAt.toISOString(),
      expiresAt: "2026-07-15T10:30:00.000Z",
      isExpired: true,
      dispenseCode: issued.dispenseCode,
      dispensed: null,
      verifyUrl: expect.stringMatching(new RegExp(`^https?://[^/]+/rx/${issued.reference}$`)),
    });
    expect(document!.clinic.name).toBeTruthy();
    expect(document!.clinic.gphcPremisesNumber).toBeTruthy();
  });

  it("is null for another patient, a guest and an unknown reference", async () => {
    const issued = await createIssuedPrescription();
    const stranger = await createUser();
    expect(await getPrescriptionDocument(patientActor(stranger), issued.reference)).toBeNull();
    expect(await getPrescriptionDocument(guestActor(makeGuestId()), issued.reference)).toBeNull();
    const owner = await db.user.findUniqueOrThrow({ where: { id: issued.userId }, select: { id: true, name: true, email: true } });
    expect(await getPrescriptionDocument(patientActor(owner), "RX-2222-3333-4444")).toBeNull();
  });

  it("shows that it was dispensed, by whom", async () => {
    const owner = await createUser();
    const dispensedAt = new Date();
    const issued = await createIssuedPrescription({ userId: owner.id, dispensedAt, dispensedBy: "Camden Pharmacy" });
    const document = await getPrescriptionDocument(patientActor(owner), issued.reference);
    expect(document?.dispensed).toEqual({ at: dispensedAt.toISOString(), by: "Camden Pharmacy" });
  });
});

describe("GET /api/prescription-documents/{reference}/pdf", () => {
  it("sends the owner an A4 PDF with the prescription's content as a private download", async () => {
    const owner = await createUser();
    const issuedAt = daysAgo(10);
    const issued = await createIssuedPrescription({ userId: owner.id, patientName: "Priya Shah", issuedAt });
    const { token } = await signIn(owner);
    const res = await getPdf(issued.reference, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="prescription-${issued.reference}\\.pdf"`));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(res.bytes.toString("latin1")).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = pdfText(res.bytes);
    for (const printed of [
      `Reference ${issued.reference}`,
      "Priya Shah",
      "17 May 1990",
      ukDate(issuedAt),
      "Finasteride 1 mg film-coated tablets",
      "1 mg once a day",
      "28 tablets",
      "Dr Sam Patel",
      "GMC 7654321",
      "valid for 6 months from the date of issue",
      `${issued.dispenseCode.slice(0, 4)} ${issued.dispenseCode.slice(4)}`,
      "Not yet dispensed.",
    ]) {
      expect(text).toContain(printed);
    }
    // The QR code is drawn as an image.
    expect(res.bytes.toString("latin1")).toMatch(/\/Subtype \/Image/);
  });

  it("answers 404 to another account, 401 signed out, 404 for a malformed reference", async () => {
    const issued = await createIssuedPrescription();
    const stranger = await createUser();
    const { token, cookies } = await signIn(stranger);
    const other = await getPdf(issued.reference, { authorization: `Bearer ${token}` });
    expect(other.status).toBe(404);
    expect(JSON.parse(other.bytes.toString("utf8"))).toEqual({ message: "Prescription not found." });
    const viaCookie = await getPdf(issued.reference, { cookie: Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join("; ") });
    expect(viaCookie.status).toBe(404);
    expect((await getPdf(issued.reference)).status).toBe(401);
    expect((await getPdf("../../etc/passwd", { authorization: `Bearer ${token}` })).status).toBe(404);
  });

  it("prints the dispensed state", async () => {
    const dispensedAt = daysAgo(2);
    const issued = await createIssuedPrescription({ dispensedAt, dispensedBy: "Camden Pharmacy", issuedAt: daysAgo(5) });
    const owner = await db.user.findUniqueOrThrow({ where: { id: issued.userId }, select: { id: true, name: true, email: true } });
    const document = await getPrescriptionDocument(patientActor(owner), issued.reference);
    const text = pdfText(await renderPrescriptionPdf(document!, { compress: false }));
    expect(text).toContain(`Dispensed on ${ukDate(dispensedAt)} by Camden Pharmacy.`);
    expect(text).not.toContain("Not yet dispensed.");
  });
});
