import { POST as claimOrder } from "@/app/api/staff/orders/[id]/claim/route";
import { POST as declineOrder } from "@/app/api/staff/orders/[id]/decline/route";
import { POST as dispenseOrder } from "@/app/api/staff/orders/[id]/dispense/route";
import { POST as inviteOrder } from "@/app/api/staff/orders/[id]/invite/route";
import type { StaffRole } from "@/lib/server/core/actor/types";
import { listOrderQueue } from "@/lib/server/orders/review/list-order-queue";
import { listReviewQueue } from "@/lib/server/prescription-review/list-review-queue";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { staffActor } from "@/tests/factories/actor";
import { signedInStaff } from "@/tests/factories/staff";
import { createUser } from "@/tests/factories/user";
import { createPaidOrder } from "../orders/support/shop";
import { createPaidRequest } from "../prescription-review/support/paid-request";
import { askPatient, claimCase, declineCase, issueCase } from "../prescription-review/support/staff-calls";

// Separation of duties (issue 22): nobody reviews what they asked for themselves, whatever
// their role. The rule lives in the staff-review core, so both kinds of record follow it, at
// the claim and at every decision, and each refusal is audited even though the request fails.

const sandbox = sandboxForThisFile();
jest.setTimeout(90_000);

type Cookies = Record<string, string>;
type Answer = { status: number; body: { message?: string } };
type Handler = Parameters<typeof call>[0];
type Staff = Awaited<ReturnType<typeof signedInStaff>>;

type Kind = {
  name: string;
  role: StaffRole;
  ownCase: string;
  ownNotice: string;
  refusedAction: string;
  create(): Promise<string>;
  /** Makes the record the staff member's own: by account, or by email (any case, spaces) with or without an account. */
  makeOwn(id: string, owner: { userId: string | null; email: string }): Promise<unknown>;
  /** A claim written straight to the row, as one taken before the rule existed. */
  forceClaim(id: string, staffId: string): Promise<unknown>;
  claim(id: string, cookies: Cookies): Promise<Answer>;
  decisions: ((id: string, cookies: Cookies) => Promise<Answer>)[];
  decisionActions: string[];
  claimedById(id: string): Promise<string | null>;
  ownNoticeInQueue(id: string, staff: Staff["staff"], role: StaffRole): Promise<string | null | undefined>;
};

const orderCall = (handler: Handler, action: string, id: string, cookies: Cookies, json: unknown = {}) => call(handler, `/api/staff/orders/${id}/${action}`, { json, cookies, params: { id } });

const kinds: Kind[] = [
  {
    name: "a prescription request",
    role: "PRESCRIBER",
    ownCase: "You cannot review your own prescription request. Another prescriber must review it.",
    ownNotice: "Your own request — another prescriber must review it",
    refusedAction: "prescription.own_case_refused",
    create: async () => (await createPaidRequest(sandbox)).request.id,
    makeOwn: (id, owner) => db.prescriptionRequest.update({ where: { id }, data: owner }),
    forceClaim: (id, staffId) => db.prescriptionRequest.update({ where: { id }, data: { status: "IN_REVIEW", claimedById: staffId, claimedAt: new Date() } }),
    claim: (id, cookies) => claimCase(id, { cookies }),
    decisions: [(id, cookies) => issueCase(id, { cookies }), (id, cookies) => declineCase(id, { cookies }), (id, cookies) => askPatient(id, { cookies })],
    decisionActions: ["prescription.issued", "prescription.declined", "prescription.question_asked"],
    claimedById: async (id) => (await db.prescriptionRequest.findUniqueOrThrow({ where: { id }, select: { claimedById: true } })).claimedById,
    ownNoticeInQueue: async (id, staff, role) => {
      const { reference } = await db.prescriptionRequest.findUniqueOrThrow({ where: { id }, select: { reference: true } });
      return (await listReviewQueue(staffActor(staff, role), { reference })).open.find((item) => item.id === id)?.ownNotice;
    },
  },
  {
    name: "a shop order",
    role: "PHARMACIST",
    ownCase: "You cannot review or dispense your own order. Another pharmacist must review it.",
    ownNotice: "Your own order — another pharmacist must review it",
    refusedAction: "order.own_case_refused",
    create: async () => (await createPaidOrder(sandbox)).order.id,
    makeOwn: (id, owner) => db.order.update({ where: { id }, data: { ...owner, guestKeyHash: owner.userId ? null : undefined } }),
    forceClaim: (id, staffId) => db.order.update({ where: { id }, data: { claimedById: staffId, claimedAt: new Date() } }),
    claim: (id, cookies) => orderCall(claimOrder, "claim", id, cookies),
    decisions: [
      (id, cookies) => orderCall(dispenseOrder, "dispense", id, cookies),
      (id, cookies) => orderCall(declineOrder, "decline", id, cookies, { reason: "Your answers show a heart condition; please see your GP first." }),
      (id, cookies) => orderCall(inviteOrder, "invite", id, cookies, { consultation_type: "hair-consultation" }),
    ],
    decisionActions: ["order.dispensed", "order.declined", "order.invited"],
    claimedById: async (id) => (await db.order.findUniqueOrThrow({ where: { id }, select: { claimedById: true } })).claimedById,
    ownNoticeInQueue: async (id, staff, role) => {
      const { reference } = await db.order.findUniqueOrThrow({ where: { id }, select: { reference: true } });
      return (await listOrderQueue(staffActor(staff, role), { reference })).review?.items.find((item) => item.id === id)?.ownNotice;
    },
  },
];

const refusalsOf = (id: string, kind: Kind) =>
  db.auditEvent.findMany({ where: { subjectId: id, action: kind.refusedAction }, orderBy: { id: "asc" }, select: { actorId: true, actorRole: true, detail: true } });

describe.each(kinds)("separation of duties in the review of $name", (kind) => {
  it("refuses to let staff claim their own record by account (403), audits the refusal, and lets a colleague claim it", async () => {
    const id = await kind.create();
    const own = await signedInStaff(kind.role, true, { name: "Own Reviewer" });
    await kind.makeOwn(id, { userId: own.staff.id, email: own.staff.email });

    const refused = await kind.claim(id, own.cookies);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(kind.ownCase);
    expect(await kind.claimedById(id)).toBeNull();
    const refusals = await refusalsOf(id, kind);
    expect(refusals).toEqual([{ actorId: own.staff.id, actorRole: kind.role, detail: expect.objectContaining({ attempted: "claim" }) }]);
    expect(await kind.ownNoticeInQueue(id, own.staff, kind.role)).toBe(kind.ownNotice);

    const colleague = await signedInStaff(kind.role, true, { name: "Colleague Reviewer" });
    expect(await kind.ownNoticeInQueue(id, colleague.staff, kind.role)).toBeNull();
    expect((await kind.claim(id, colleague.cookies)).status).toBe(200);
    expect(await kind.claimedById(id)).toBe(colleague.staff.id);
  });

  it("refuses by email too: made as a guest with their address, or from another account with it (any case and spaces)", async () => {
    const own = await signedInStaff(kind.role, true, { name: "Email Reviewer" });
    const asGuest = await kind.create();
    await kind.makeOwn(asGuest, { userId: null, email: ` ${own.staff.email.toUpperCase()} ` });
    const other = await createUser({ name: "Other Account" });
    const fromAccount = await kind.create();
    await kind.makeOwn(fromAccount, { userId: other.id, email: own.staff.email.toUpperCase() });

    for (const id of [asGuest, fromAccount]) {
      const refused = await kind.claim(id, own.cookies);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(kind.ownCase);
      expect(await kind.claimedById(id)).toBeNull();
      expect(await refusalsOf(id, kind)).toHaveLength(1);
    }
  });

  it("holds for ADMIN too", async () => {
    const id = await kind.create();
    const admin = await signedInStaff("ADMIN", true, { name: "Own Admin" });
    await kind.makeOwn(id, { userId: admin.staff.id, email: admin.staff.email });
    const refused = await kind.claim(id, admin.cookies);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(kind.ownCase);
    expect(await refusalsOf(id, kind)).toEqual([{ actorId: admin.staff.id, actorRole: "ADMIN", detail: expect.objectContaining({ attempted: "claim" }) }]);
  });

  it("refuses every decision even under a claim taken before the rule, deciding nothing and auditing each refusal", async () => {
    const id = await kind.create();
    const own = await signedInStaff(kind.role, true, { name: "Early Claimer" });
    await kind.makeOwn(id, { userId: own.staff.id, email: own.staff.email });
    await kind.forceClaim(id, own.staff.id);

    for (const decide of kind.decisions) {
      const refused = await decide(id, own.cookies);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(kind.ownCase);
    }
    expect(await db.auditEvent.count({ where: { subjectId: id, action: { in: kind.decisionActions } } })).toBe(0);
    const refusals = await refusalsOf(id, kind);
    expect(refusals.map((event) => (event.detail as { attempted: string }).attempted)).toEqual(kind.decisions.map(() => "decision"));
    // Still theirs on paper, but good for nothing: a colleague takes it over once it lapses.
    expect(await kind.claimedById(id)).toBe(own.staff.id);
  });
});
