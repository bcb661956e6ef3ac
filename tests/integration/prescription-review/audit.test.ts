import { GET as messagePhoto } from "@/app/api/staff/prescriptions/[id]/messages/[messageId]/photo/route";
import { GET as photo } from "@/app/api/staff/prescriptions/[id]/photos/[photoId]/route";
import { getReviewCase } from "@/lib/server/prescription-review/get-review-case";
import { AUDIT_PAGE_SIZE, listAuditEvents } from "@/lib/server/prescription-review/list-audit-events";
import { storeImage } from "@/lib/server/services/uploads/store-image";
import { db } from "@/tests/support/db";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { staffActor } from "@/tests/factories/actor";
import { signedInStaff } from "@/tests/factories/staff";
import { makePng } from "@/tests/fixtures/images/make-images";
import { createPaidRequest } from "./support/paid-request";
import { claimCase, declineCase, getImage, issueCase } from "./support/staff-calls";

jest.setTimeout(60_000);

const sandbox = sandboxForThisFile();

const auditOf = (subjectId: string) => db.auditEvent.findMany({ where: { subjectId }, orderBy: { id: "asc" } });

describe("the audit log", () => {
  it("records every case view, photo view and decision, with who and when, before returning data", async () => {
    const { request, photoId } = await createPaidRequest(sandbox, { photo: true, name: "Alex Morgan" });
    const prescriber = await signedInStaff("PRESCRIBER");
    const actor = staffActor(prescriber.staff, "PRESCRIBER");

    const view = await getReviewCase(actor, request.id);
    expect(view.patient).toMatchObject({ name: "Alex Morgan", dateOfBirth: "1990-05-17", age: expect.any(Number) });
    expect(view.answers.map((answer) => answer.step)).toEqual([1, 2, 3, 4, 6, 7, 9, 11, 12, 14, 15, 16, 17, 18, 19, 20]);
    expect(view.answers.find((answer) => answer.step === 9)).toMatchObject({ question: "Hair concerns", answer: ["Thinning, Shedding"] });
    expect(view.photos).toEqual([{ id: photoId, name: "crown.jpg", url: `/api/staff/prescriptions/${request.id}/photos/${photoId}` }]);
    await getReviewCase(actor, request.id);

    const res = await getImage(photo, view.photos[0]!.url, { id: request.id, photoId: photoId! }, prescriber.cookies);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("content-disposition")).toMatch(/^inline/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.bytes.subarray(0, 2).toString("hex")).toBe("ffd8");

    // A photo id from another case is not served through this one.
    const other = await createPaidRequest(sandbox, { photo: true });
    const mismatched = await getImage(photo, "/x", { id: request.id, photoId: other.photoId! }, prescriber.cookies);
    expect(mismatched.status).toBe(404);

    await claimCase(request.id, { cookies: prescriber.cookies });
    await issueCase(request.id, { cookies: prescriber.cookies });

    const rows = await auditOf(request.id);
    expect(rows.map((row) => row.action)).toEqual(["prescription.viewed", "prescription.viewed", "prescription.claimed", "prescription.issued"]);
    for (const row of rows) expect(row).toMatchObject({ actorId: prescriber.staff.id, actorRole: "PRESCRIBER", subjectType: "prescription_request", at: expect.any(Date) });
    expect(rows[3]!.detail).toMatchObject({ reference: request.reference, prescription: expect.stringMatching(/^RX-/) });
    expect(await auditOf(photoId!)).toEqual([expect.objectContaining({ action: "prescription.photo_viewed", subjectType: "questionnaire_photo", actorId: prescriber.staff.id, detail: { requestId: request.id } })]);
    expect(await auditOf(other.photoId!)).toEqual([]);
    // No answers or clinical text in any audit row.
    expect(JSON.stringify(rows.map((row) => row.detail))).not.toMatch(/Thinning|Finasteride|1990/);
  });

  it("records a decline and a view of a photo the patient sent with a reply", async () => {
    const { request, patient } = await createPaidRequest(sandbox);
    const prescriber = await signedInStaff("PRESCRIBER");
    const stored = await storeImage(await makePng());
    const message = await db.caseMessage.create({
      data: { requestId: request.id, author: "PATIENT", authorUserId: patient.id, body: "Here is the crown now.", photoKey: stored.key, photoType: stored.contentType, photoName: "crown-now.png" },
    });
    const res = await getImage(messagePhoto, "/x", { id: request.id, messageId: message.id }, prescriber.cookies);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(await auditOf(message.id)).toEqual([expect.objectContaining({ action: "prescription.photo_viewed", subjectType: "case_message", detail: { requestId: request.id } })]);

    await claimCase(request.id, { cookies: prescriber.cookies });
    await declineCase(request.id, { cookies: prescriber.cookies });
    expect((await auditOf(request.id)).map((row) => row.action)).toEqual(["prescription.claimed", "prescription.declined"]);
  });

  it("cannot be changed or deleted: the database refuses UPDATE, DELETE and TRUNCATE", async () => {
    const { request } = await createPaidRequest(sandbox);
    const prescriber = await signedInStaff("PRESCRIBER");
    await claimCase(request.id, { cookies: prescriber.cookies });
    const [row] = await auditOf(request.id);
    await expect(db.$executeRawUnsafe(`UPDATE audit_events SET action = 'nothing' WHERE id = $1`, row!.id)).rejects.toThrow();
    await expect(db.$executeRawUnsafe(`DELETE FROM audit_events WHERE id = $1`, row!.id)).rejects.toThrow();
    await expect(db.auditEvent.update({ where: { id: row!.id }, data: { actorRole: "ADMIN" } })).rejects.toThrow();
    await expect(db.$executeRawUnsafe(`TRUNCATE audit_events`)).rejects.toThrow();
    expect(await db.auditEvent.findUniqueOrThrow({ where: { id: row!.id } })).toMatchObject({ action: "prescription.claimed", actorRole: "PRESCRIBER" });
  });

  it("is readable by admins only, newest first, 50 a page, by subject, and reading it is recorded", async () => {
    const admin = await signedInStaff("ADMIN");
    const prescriber = await signedInStaff("PRESCRIBER");
    const adminActor = staffActor(admin.staff, "ADMIN");
    await expect(listAuditEvents(staffActor(prescriber.staff, "PRESCRIBER"), {})).rejects.toMatchObject({ status: 403 });

    const { request, photoId } = await createPaidRequest(sandbox, { photo: true });
    await getReviewCase(staffActor(prescriber.staff, "PRESCRIBER"), request.id);
    await getImage(photo, "/x", { id: request.id, photoId: photoId! }, prescriber.cookies);
    await claimCase(request.id, { cookies: prescriber.cookies });

    const forCase = await listAuditEvents(adminActor, { subject: request.id });
    // This very reading comes first: it was recorded before the list was read.
    expect(forCase.events.map((event) => event.action)).toEqual(["audit.viewed", "prescription.claimed", "prescription.photo_viewed", "prescription.viewed"]);
    expect(forCase.events[0]).toMatchObject({ actorName: `${admin.staff.name} (${admin.staff.email})`, actorRole: "ADMIN" });
    expect(forCase.events[1]).toMatchObject({ actorName: `${prescriber.staff.name} (${prescriber.staff.email})`, actorRole: "PRESCRIBER" });
    expect(forCase).toMatchObject({ olderBefore: null, isLaterPage: false });

    const seen = await db.auditEvent.findFirstOrThrow({ where: { action: "audit.viewed", actorId: admin.staff.id }, orderBy: { id: "desc" } });
    expect(seen).toMatchObject({ subjectType: "audit_log", subjectId: request.id, detail: { before: null } });

    const total = await db.auditEvent.count();
    const first = await listAuditEvents(adminActor, {});
    expect(first.events).toHaveLength(Math.min(AUDIT_PAGE_SIZE, total + 1));
    expect(first.events[0]!.action).toBe("audit.viewed");
    const times = first.events.map((event) => event.at);
    expect([...times].sort().reverse()).toEqual(times);

    // Keyset pages: the next page starts right after the last event shown, with no gap and no repeat.
    if (first.olderBefore) {
      const second = await listAuditEvents(adminActor, { before: first.olderBefore });
      expect(second.isLaterPage).toBe(true);
      const [lastShown, nextShown] = [BigInt(first.events.at(-1)!.id), BigInt(second.events[0]!.id)];
      expect(nextShown < lastShown).toBe(true);
      expect(await db.auditEvent.count({ where: { id: { gt: nextShown, lt: lastShown } } })).toBe(0);
      expect(second.events.map((event) => event.id)).not.toContain(first.events.at(-1)!.id);
      const ids = [...first.events, ...second.events].map((event) => BigInt(event.id));
      expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)));
    }
  });
});
