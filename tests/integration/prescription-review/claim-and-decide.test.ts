import { listReviewQueue } from "@/lib/server/prescription-review/list-review-queue";
import { db } from "@/tests/support/db";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { staffActor } from "@/tests/factories/actor";
import { signedInStaff } from "@/tests/factories/staff";
import { createPaidRequest } from "./support/paid-request";
import { askPatient, claimCase, declineCase, issueCase, releaseCase, VALID_PRESCRIPTION } from "./support/staff-calls";

jest.setTimeout(90_000);

const sandbox = sandboxForThisFile();

describe("claiming a case", () => {
  it("lets exactly one of five prescribers claiming at once win; the others are told who has it", async () => {
    const { request } = await createPaidRequest(sandbox);
    const prescribers = await Promise.all(["Ann Lee", "Ben Okafor", "Cat Singh", "Dan Cole", "Eve Park"].map((name) => signedInStaff("PRESCRIBER", true, { name })));
    const results = await Promise.all(prescribers.map((p) => claimCase(request.id, { cookies: p.cookies })));

    const winners = results.flatMap((res, index) => (res.status === 200 ? [prescribers[index]!] : []));
    expect(winners).toHaveLength(1);
    const winner = winners[0]!;
    expect(results.filter((res) => res.status === 409)).toHaveLength(4);
    for (const res of results.filter((r) => r.status === 409)) expect(res.body.message).toBe(`Dr ${winner.staff.name} is reviewing this case.`);

    const row = await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(row).toMatchObject({ status: "IN_REVIEW", claimedById: winner.staff.id });
    expect(await db.auditEvent.count({ where: { subjectId: request.id, action: "prescription.claimed" } })).toBe(1);
    // The patient is told once that the review started; a re-claim tells them nothing new.
    expect((await claimCase(request.id, { cookies: winner.cookies })).status).toBe(200);
    const inReview = await db.outboxEmail.findMany({ where: { toAddress: row.email, subject: { startsWith: "A specialist is reviewing" } } });
    expect(inReview).toHaveLength(1);
    expect(inReview[0]!.text).not.toMatch(/Thinning|Shedding|Regular shampoo/);
  });

  it("lets the holder claim again, anyone take over a claim older than 30 minutes, and the holder release it", async () => {
    const { request } = await createPaidRequest(sandbox);
    const first = await signedInStaff("PRESCRIBER");
    const second = await signedInStaff("PRESCRIBER");
    expect((await claimCase(request.id, { cookies: first.cookies })).status).toBe(200);
    expect((await claimCase(request.id, { cookies: first.cookies })).status).toBe(200);
    expect((await claimCase(request.id, { cookies: second.cookies })).status).toBe(409);
    expect((await releaseCase(request.id, { cookies: second.cookies })).status).toBe(409);

    await db.prescriptionRequest.update({ where: { id: request.id }, data: { claimedAt: new Date(Date.now() - 31 * 60_000) } });
    expect((await claimCase(request.id, { cookies: second.cookies })).status).toBe(200);
    expect((await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id } })).claimedById).toBe(second.staff.id);
    // The first prescriber lost the case: their decision is refused.
    expect((await issueCase(request.id, { cookies: first.cookies })).status).toBe(409);

    const released = await releaseCase(request.id, { cookies: second.cookies });
    expect(released.status).toBe(200);
    expect(await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: "SUBMITTED", claimedById: null, claimedAt: null });
  });

  it("refuses every decision without the claim", async () => {
    const { request } = await createPaidRequest(sandbox);
    const prescriber = await signedInStaff("PRESCRIBER");
    for (const action of [issueCase, declineCase, askPatient, releaseCase] as const) {
      const res = await action(request.id, { cookies: prescriber.cookies });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("Claim this case before acting on it.");
    }
    expect((await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("SUBMITTED");
  });
});

describe("issuing", () => {
  it("creates the prescription with the prescriber's registration and the patient's answers, closes the case and emails without medical detail", async () => {
    const { request, patient } = await createPaidRequest(sandbox, { name: "Alex Morgan" });
    const prescriber = await signedInStaff("PRESCRIBER", true, { name: "Sam Patel" });
    await claimCase(request.id, { cookies: prescriber.cookies });
    const res = await issueCase(request.id, { cookies: prescriber.cookies });
    expect(res.status).toBe(201);
    expect(res.body.case.prescription.reference).toMatch(/^RX-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);

    const prescription = await db.prescription.findUniqueOrThrow({ where: { requestId: request.id } });
    expect(prescription).toMatchObject({
      ...VALID_PRESCRIPTION,
      reference: res.body.case.prescription.reference,
      prescriberId: prescriber.staff.id,
      prescriberName: "Sam Patel",
      prescriberRegistration: prescriber.staff.registration,
      patientName: "Alex Morgan",
      patientDateOfBirth: "1990-05-17",
      dispensedAt: null,
    });
    expect(prescription.dispenseCode).toMatch(/^\d{8}$/);
    expect(await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: "ISSUED", decidedById: prescriber.staff.id, decidedAt: expect.any(Date) });

    const mail = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: patient.email, subject: { startsWith: "Your prescription is ready" } } });
    expect(mail.text).toContain("/dashboard/orders");
    expect(`${mail.subject} ${mail.text}`).not.toMatch(/Finasteride|tablet|Thinning|Shedding|1990|RX-/i);

    // Decided: nothing more can be done with it.
    for (const action of [claimCase, issueCase, declineCase, askPatient] as const) {
      const again = await action(request.id, { cookies: prescriber.cookies });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe("This case has already been decided.");
    }
    expect(await db.prescription.count({ where: { requestId: request.id } })).toBe(1);
  });

  it("refuses a prescriber or an admin without a registration number (422)", async () => {
    for (const role of ["PRESCRIBER", "ADMIN"] as const) {
      const { request } = await createPaidRequest(sandbox);
      const unregistered = await signedInStaff(role, false);
      expect((await claimCase(request.id, { cookies: unregistered.cookies })).status).toBe(200);
      const res = await issueCase(request.id, { cookies: unregistered.cookies });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Add your registration number before issuing prescriptions.");
      expect(await db.prescription.count({ where: { requestId: request.id } })).toBe(0);
      expect((await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("IN_REVIEW");
    }
  });

  it("records exactly one decision when issue and decline race", async () => {
    for (let round = 0; round < 3; round += 1) {
      const { request } = await createPaidRequest(sandbox);
      const prescriber = await signedInStaff("PRESCRIBER");
      await claimCase(request.id, { cookies: prescriber.cookies });
      const [issued, declined] = await Promise.all([issueCase(request.id, { cookies: prescriber.cookies }), declineCase(request.id, { cookies: prescriber.cookies })]);
      expect([issued.status, declined.status].sort()).toEqual(issued.status === 201 ? [201, 409] : [200, 409]);

      const row = await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id }, include: { payment: true, prescription: true } });
      if (issued.status === 201) {
        expect(row.status).toBe("ISSUED");
        expect(row.payment.status).toBe("PAID");
        expect(row.prescription).not.toBeNull();
      } else {
        expect(row.status).toBe("DECLINED");
        expect(row.payment.status).toBe("REFUNDED");
        expect(row.prescription).toBeNull();
      }
      const decisions = await db.auditEvent.count({ where: { subjectId: request.id, action: { in: ["prescription.issued", "prescription.declined"] } } });
      expect(decisions).toBe(1);
    }
  });
});

describe("asking the patient", () => {
  it("adds a staff message, waits for the patient with the claim released, emails a link only, and the answered case returns to the queue", async () => {
    const { request, patient } = await createPaidRequest(sandbox);
    const prescriber = await signedInStaff("PRESCRIBER");
    const other = await signedInStaff("PRESCRIBER");
    await claimCase(request.id, { cookies: prescriber.cookies });
    const res = await askPatient(request.id, { cookies: prescriber.cookies }, "How long have you noticed thinning at the crown?");
    expect(res.status).toBe(201);

    expect(await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: "AWAITING_PATIENT", claimedById: null, claimedAt: null });
    const messages = await db.caseMessage.findMany({ where: { requestId: request.id } });
    expect(messages).toEqual([expect.objectContaining({ author: "STAFF", authorUserId: prescriber.staff.id, body: "How long have you noticed thinning at the crown?" })]);
    const mail = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: patient.email, subject: "You have a new message about your prescription request" } });
    expect(mail.text).toMatch(/\/dashboard/);
    expect(mail.text).not.toMatch(/thinning|crown/i);

    // Waiting for the patient: nobody can claim or decide it.
    expect((await claimCase(request.id, { cookies: other.cookies })).status).toBe(409);
    const queue = await listReviewQueue(staffActor(other.staff, "PRESCRIBER"), { reference: request.reference });
    expect(queue.open.find((item) => item.id === request.id)).toMatchObject({ status: "AWAITING_PATIENT", claim: null });

    // The patient's reply (built on the patient's side) puts it back as SUBMITTED, unclaimed, same due time.
    await db.$transaction([
      db.caseMessage.create({ data: { requestId: request.id, author: "PATIENT", authorUserId: patient.id, body: "About a year." } }),
      db.prescriptionRequest.update({ where: { id: request.id }, data: { status: "SUBMITTED", claimedById: null, claimedAt: null } }),
    ]);
    const again = await listReviewQueue(staffActor(other.staff, "PRESCRIBER"), { reference: request.reference });
    expect(again.open.find((item) => item.id === request.id)).toMatchObject({ status: "SUBMITTED", dueAt: request.dueAt!.toISOString() });
    expect((await claimCase(request.id, { cookies: other.cookies })).status).toBe(200);
  });
});

describe("the queue", () => {
  it("lists paid, undecided requests oldest first with their claims, and recent decisions apart", async () => {
    const older = await createPaidRequest(sandbox);
    const newer = await createPaidRequest(sandbox);
    await db.prescriptionRequest.update({ where: { id: older.request.id }, data: { submittedAt: new Date("2020-01-01T09:00:00Z"), dueAt: new Date("2020-01-02T09:00:00Z") } });
    const decided = await createPaidRequest(sandbox);
    const prescriber = await signedInStaff("PRESCRIBER");
    await claimCase(newer.request.id, { cookies: prescriber.cookies });
    await claimCase(decided.request.id, { cookies: prescriber.cookies });
    await issueCase(decided.request.id, { cookies: prescriber.cookies });

    const queue = await listReviewQueue(staffActor(prescriber.staff, "PRESCRIBER"));
    const ids = queue.open.map((item) => item.id);
    // Oldest first: the older case ahead of the newer one (the shared database may hold other
    // files' cases ahead of both, e.g. queue-pages.test.ts's from 2001).
    expect(ids).toContain(older.request.id);
    expect(ids).toContain(newer.request.id);
    expect(ids.indexOf(older.request.id)).toBeLessThan(ids.indexOf(newer.request.id));
    expect(ids).not.toContain(decided.request.id);
    const submittedTimes = queue.open.map((item) => item.submittedAt!);
    expect([...submittedTimes].sort()).toEqual(submittedTimes);
    expect(queue.open.find((item) => item.id === newer.request.id)!.claim).toMatchObject({ byId: prescriber.staff.id, isMine: true, isStale: false });
    expect(queue.decided[0]).toMatchObject({ id: decided.request.id, status: "ISSUED", decidedByName: prescriber.staff.name });
  });
});
