import { overdueAlertJob } from "@/lib/server/prescriptions/overdue-alert-job";
import { raiseOverdueAlert, staffAlertAddress } from "@/lib/server/prescriptions/raise-overdue-alert";
import { db } from "@/tests/support/db";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { signedInStaff } from "@/tests/factories/staff";
import { createPaidRequest } from "./support/paid-request";
import { claimCase, declineCase } from "./support/staff-calls";

jest.setTimeout(60_000);

const sandbox = sandboxForThisFile();

const alertsFor = (reference: string) => db.outboxEmail.findMany({ where: { subject: `Prescription request ${reference} is overdue` } });
const afterDue = (dueAt: Date | null) => new Date(dueAt!.getTime() + 60_000);

describe("the overdue alert", () => {
  it("is queued when a request is paid, to run at its due time, once per request", async () => {
    const { request } = await createPaidRequest(sandbox);
    const jobs = await db.$queryRawUnsafe<{ data: { requestId: string }; start_after: Date; singleton_key: string; state: string }[]>(
      "SELECT data, start_after, singleton_key, state::text FROM pgboss.job WHERE name = $1 AND data->>'requestId' = $2",
      overdueAlertJob.name,
      request.id,
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ singleton_key: `overdue-${request.id}`, state: "created" });
    expect(Math.abs(jobs[0]!.start_after.getTime() - request.dueAt!.getTime())).toBeLessThan(1000);
    expect(request.dueAt!.getTime() - request.submittedAt!.getTime()).toBe(24 * 3600_000);
  });

  it("emails the staff address once for an undecided request past its due time, with no medical detail", async () => {
    const { request } = await createPaidRequest(sandbox);
    expect(await raiseOverdueAlert(request.id, new Date(request.dueAt!.getTime() - 60_000))).toBe("not due");
    expect(await alertsFor(request.reference)).toHaveLength(0);

    expect(await raiseOverdueAlert(request.id, afterDue(request.dueAt))).toBe("alerted");
    expect(await raiseOverdueAlert(request.id, afterDue(request.dueAt))).toBe("already alerted");
    const alerts = await alertsFor(request.reference);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.toAddress).toBe(staffAlertAddress());
    expect(alerts[0]!.text).toContain(`/staff/prescriptions/${request.id}`);
    expect(alerts[0]!.text).not.toMatch(/Alex|Thinning|Shedding|1990|@example\.com/);
    expect((await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id } })).overdueAlertedAt).not.toBeNull();
  });

  it("does nothing once the request is decided, and the job run says why", async () => {
    const { request } = await createPaidRequest(sandbox);
    const prescriber = await signedInStaff("PRESCRIBER");
    await claimCase(request.id, { cookies: prescriber.cookies });
    expect((await declineCase(request.id, { cookies: prescriber.cookies })).status).toBe(200);
    expect(await raiseOverdueAlert(request.id, afterDue(request.dueAt))).toBe("decided");
    expect(await alertsFor(request.reference)).toHaveLength(0);
    await expect(overdueAlertJob.handler({ requestId: request.id }, { id: "test", attempt: 1, isLastAttempt: false })).resolves.toEqual({ result: "decided" });
  });

  it("counts a request waiting for the patient as undecided", async () => {
    const { request } = await createPaidRequest(sandbox);
    await db.prescriptionRequest.update({ where: { id: request.id }, data: { status: "AWAITING_PATIENT" } });
    expect(await raiseOverdueAlert(request.id, afterDue(request.dueAt))).toBe("alerted");
  });

  it("is retried, not dropped, when it runs before the request is due by the app's clock", async () => {
    const { request } = await createPaidRequest(sandbox);
    await expect(overdueAlertJob.handler({ requestId: request.id }, { id: "test", attempt: 1, isLastAttempt: false })).rejects.toThrow(/not due/);
  });
});
