import { db } from "@/tests/support/db";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { signedInStaff } from "@/tests/factories/staff";
import { createPaidRequest } from "./support/paid-request";
import { claimCase, declineCase } from "./support/staff-calls";

jest.setTimeout(60_000);

const sandbox = sandboxForThisFile();

const REASON = "Finasteride is not suitable alongside the blood thinner you take; please see your GP.";

describe("declining a case", () => {
  it("refunds the fee in full through the payment provider, records the reason, emails without it, and cannot be declined twice", async () => {
    const { request, patient } = await createPaidRequest(sandbox);
    const prescriber = await signedInStaff("PRESCRIBER");
    await claimCase(request.id, { cookies: prescriber.cookies });

    const res = await declineCase(request.id, { cookies: prescriber.cookies }, REASON);
    expect(res.status).toBe(200);
    const row = await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id }, include: { payment: true } });
    expect(row).toMatchObject({ status: "DECLINED", declineReason: REASON, decidedById: prescriber.staff.id });
    expect(row.payment).toMatchObject({ status: "REFUNDED", refundId: expect.stringMatching(/^re_/), refundedAt: expect.any(Date) });
    const refunds = sandbox.refunds().filter((refund) => refund.payment_intent === row.payment.paymentIntentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 1999, status: "succeeded" });

    const mail = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: patient.email, subject: { contains: "declined and refunded" } } });
    expect(mail.text).toContain("£19.99");
    expect(mail.text).toContain("/dashboard/orders");
    expect(mail.text).not.toMatch(/Finasteride|blood thinner|GP/);

    const again = await declineCase(request.id, { cookies: prescriber.cookies }, REASON);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This case has already been decided.");
    expect(sandbox.refunds().filter((refund) => refund.payment_intent === row.payment.paymentIntentId)).toHaveLength(1);

    // The provider's charge.refunded event for our own refund changes nothing (no "refunded" cancellation).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("DECLINED");
    expect(await db.outboxEmail.count({ where: { toAddress: patient.email, subject: { contains: "was refunded" } } })).toBe(0);
  });

  it("leaves the case undecided when the provider refuses the refund (502), so it can be tried again", async () => {
    const { request } = await createPaidRequest(sandbox);
    const prescriber = await signedInStaff("PRESCRIBER");
    await claimCase(request.id, { cookies: prescriber.cookies });
    // A payment intent the provider has never seen: the refund call fails (and is logged by type only).
    const logged = jest.spyOn(console, "error").mockImplementation(() => {});
    await db.payment.update({ where: { id: request.paymentId }, data: { paymentIntentId: `pi_unknown_${request.id.slice(0, 8)}` } });
    const res = await declineCase(request.id, { cookies: prescriber.cookies }, REASON);
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/refund could not be made/);
    expect(logged.mock.calls.flat().join(" ")).not.toMatch(/blood thinner/);
    logged.mockRestore();
    const row = await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id }, include: { payment: true } });
    expect(row.status).toBe("IN_REVIEW");
    expect(row.payment.status).toBe("PAID");
    expect(await db.auditEvent.count({ where: { subjectId: request.id, action: "prescription.declined" } })).toBe(0);
  });
});
