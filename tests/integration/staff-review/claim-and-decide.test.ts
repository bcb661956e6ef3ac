import { POST as claimOrder } from "@/app/api/staff/orders/[id]/claim/route";
import { POST as declineOrder } from "@/app/api/staff/orders/[id]/decline/route";
import { POST as dispenseOrder } from "@/app/api/staff/orders/[id]/dispense/route";
import { POST as releaseOrder } from "@/app/api/staff/orders/[id]/release/route";
import type { StaffRole } from "@/lib/server/core/actor/types";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { signedInStaff } from "@/tests/factories/staff";
import { createPaidOrder } from "../orders/support/shop";
import { createPaidRequest } from "../prescription-review/support/paid-request";
import { claimCase, declineCase, issueCase, releaseCase } from "../prescription-review/support/staff-calls";

// The staff-review core (lib/server/staff-review) serves two kinds of record: the same claim,
// staleness, takeover and one-decision-at-a-time rules hold for a prescription request and for
// a shop order, through each kind's own routes.

const sandbox = sandboxForThisFile();
jest.setTimeout(60_000);

type Cookies = Record<string, string>;
type Answer = { status: number; body: { message?: string } };
type Handler = Parameters<typeof call>[0];

type Kind = {
  name: string;
  role: StaffRole;
  /** A paid record waiting for review: its id. */
  create(): Promise<string>;
  claim(id: string, cookies: Cookies): Promise<Answer>;
  release(id: string, cookies: Cookies): Promise<Answer>;
  /** Two different decisions the holder can make. */
  decisions: [(id: string, cookies: Cookies) => Promise<Answer>, (id: string, cookies: Cookies) => Promise<Answer>];
  backdateClaim(id: string, minutes: number): Promise<unknown>;
  reviewing(name: string): RegExp;
  claimedAction: string;
  /** The audit actions of the two decisions. */
  decisionActions: string[];
  /** The record's payment (a decline refunds it). */
  paymentOf(id: string): Promise<string>;
};

/** How many decisions the audit log holds for the record (each is audited in its own transaction). */
const decisionsOf = (id: string, kind: Kind) => db.auditEvent.count({ where: { subjectId: id, action: { in: kind.decisionActions } } });

const orderCall = (handler: Handler, action: string, id: string, cookies: Cookies, json: unknown = {}) => call(handler, `/api/staff/orders/${id}/${action}`, { json, cookies, params: { id } });

const kinds: Kind[] = [
  {
    name: "a prescription request",
    role: "PRESCRIBER",
    create: async () => (await createPaidRequest(sandbox)).request.id,
    claim: (id, cookies) => claimCase(id, { cookies }),
    release: (id, cookies) => releaseCase(id, { cookies }),
    decisions: [(id, cookies) => issueCase(id, { cookies }), (id, cookies) => declineCase(id, { cookies })],
    backdateClaim: (id, minutes) => db.prescriptionRequest.update({ where: { id }, data: { claimedAt: new Date(Date.now() - minutes * 60_000) } }),
    reviewing: (name) => new RegExp(`^(Dr )?${name} is reviewing this case\\.$`),
    claimedAction: "prescription.claimed",
    decisionActions: ["prescription.issued", "prescription.declined"],
    paymentOf: async (id) => (await db.prescriptionRequest.findUniqueOrThrow({ where: { id }, select: { paymentId: true } })).paymentId!,
  },
  {
    name: "a shop order",
    role: "PHARMACIST",
    create: async () => (await createPaidOrder(sandbox)).order.id,
    claim: (id, cookies) => orderCall(claimOrder, "claim", id, cookies),
    release: (id, cookies) => orderCall(releaseOrder, "release", id, cookies),
    decisions: [
      (id, cookies) => orderCall(dispenseOrder, "dispense", id, cookies),
      (id, cookies) => orderCall(declineOrder, "decline", id, cookies, { reason: "Your answers show a heart condition; please see your GP first." }),
    ],
    backdateClaim: (id, minutes) => db.order.update({ where: { id }, data: { claimedAt: new Date(Date.now() - minutes * 60_000) } }),
    reviewing: (name) => new RegExp(`^${name} is reviewing this order\\.$`),
    claimedAction: "order.claimed",
    decisionActions: ["order.dispensed", "order.declined"],
    paymentOf: async (id) => (await db.order.findUniqueOrThrow({ where: { id }, select: { paymentId: true } })).paymentId,
  },
];

describe.each(kinds)("the staff review of $name", (kind) => {
  it("keeps a live claim for its holder, lets anyone take over one older than 30 minutes, and audits whose it was", async () => {
    const id = await kind.create();
    const a = await signedInStaff(kind.role, true, { name: "Ann Holder" });
    const b = await signedInStaff(kind.role, true, { name: "Ben Taker" });
    expect((await kind.claim(id, a.cookies)).status).toBe(200);

    await kind.backdateClaim(id, 29);
    const early = await kind.claim(id, b.cookies);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(kind.reviewing("Ann Holder"));

    await kind.backdateClaim(id, 31);
    expect((await kind.claim(id, b.cookies)).status).toBe(200);
    const claims = await db.auditEvent.findMany({ where: { subjectId: id, action: kind.claimedAction }, orderBy: { id: "asc" } });
    expect(claims.map((event) => [event.actorId, (event.detail as { tookOverFrom?: string | null }).tookOverFrom ?? null])).toEqual([
      [a.staff.id, null],
      [b.staff.id, a.staff.id],
    ]);

    // The former holder lost it: their release and decisions are 409 naming the new holder.
    const late = await kind.release(id, a.cookies);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(kind.reviewing("Ben Taker"));
    expect((await kind.decisions[0](id, a.cookies)).status).toBe(409);
    expect(await decisionsOf(id, kind)).toBe(0);
  });

  it("makes exactly one of two simultaneous decisions by the holder; the other is a 409", async () => {
    const id = await kind.create();
    const holder = await signedInStaff(kind.role, true, { name: "Cat Decider" });
    expect((await kind.claim(id, holder.cookies)).status).toBe(200);
    const [first, second] = await Promise.all([kind.decisions[0](id, holder.cookies), kind.decisions[1](id, holder.cookies)]);
    const statuses = [first.status, second.status];
    // An issued prescription is 201 (a new document); every other decision 200.
    expect(statuses.filter((status) => status === 200 || status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(1);
    expect(await decisionsOf(id, kind)).toBe(1);
  });

  it("refuses to decline while the payment is unsettled (409, nothing decided), and declines without a second refund once staff refunded it in the provider's dashboard", async () => {
    const id = await kind.create();
    const paymentId = await kind.paymentOf(id);
    const holder = await signedInStaff(kind.role, true, { name: "Dee Refunder" });
    expect((await kind.claim(id, holder.cookies)).status).toBe(200);

    await db.payment.update({ where: { id: paymentId }, data: { status: "PROCESSING" } });
    const unsettled = await kind.decisions[1](id, holder.cookies);
    expect(unsettled.status).toBe(409);
    expect(unsettled.body.message).toMatch(/payment is not settled, so it cannot be refunded/);
    expect(await decisionsOf(id, kind)).toBe(0);

    const refundedAt = new Date(Date.now() - 60_000);
    await db.payment.update({ where: { id: paymentId }, data: { status: "REFUNDED", refundedAt, refundId: "re_from_the_dashboard" } });
    expect((await kind.decisions[1](id, holder.cookies)).status).toBe(200);
    expect(await decisionsOf(id, kind)).toBe(1);
    // Our record of the dashboard's refund stands: no second refund was asked for or written.
    expect(await db.payment.findUniqueOrThrow({ where: { id: paymentId }, select: { status: true, refundedAt: true, refundId: true } })).toEqual({ status: "REFUNDED", refundedAt, refundId: "re_from_the_dashboard" });
  });
});
