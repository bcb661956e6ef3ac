// The staff queues a keyset page at a time (issue 24): each page starts after the last row of
// the one before (no repeats, no gaps, ties on the sort time broken by id), totals count the
// whole queue, a bad cursor shows the first page, and "Find by reference" narrows a queue to
// one case of its own kind.
import { randomUUID } from "node:crypto";
import { listCheckInQueue } from "@/lib/server/check-ins/list-check-in-queue";
import { listOrderQueue } from "@/lib/server/orders/review/list-order-queue";
import { listReviewQueue } from "@/lib/server/prescription-review/list-review-queue";
import { db } from "@/tests/support/db";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { staffActor } from "@/tests/factories/actor";
import { signedInStaff } from "@/tests/factories/staff";
import { createUser } from "@/tests/factories/user";
import { createPaidMounjaroOrder } from "../orders/support/mounjaro-order";
import { createPaidOrder } from "../orders/support/shop";
import { createPaidRequest } from "../prescription-review/support/paid-request";

/** isAwaitingPrescriber as a filter over an order's relations (what orders.awaiting_prescriber stands for). */
const AWAITING_PRESCRIBER_RULE = {
  lines: { some: { productKind: "PRESCRIPTION_ONLY" as const } },
  prescription: { is: null },
  AND: [{ OR: [{ checkIn: { is: null } }, { checkIn: { status: { not: "APPROVED" as const } } }] }, { OR: [{ subscription: { is: null } }, { subscription: { prescriptionId: null } }] }],
};

jest.setTimeout(180_000);

const sandbox = sandboxForThisFile();

type Page = { items: { id: string }[]; nextAfter: string | null; isLaterPage: boolean };

/** Every id met walking a queue page by page from the first, and how many pages it took. */
async function walk(read: (after: string | null) => Promise<Page>): Promise<{ ids: string[]; pages: Page[] }> {
  const ids: string[] = [];
  const pages: Page[] = [];
  let after: string | null = null;
  do {
    const page = await read(after);
    expect(page.isLaterPage).toBe(after !== null);
    pages.push(page);
    ids.push(...page.items.map((item) => item.id));
    after = page.nextAfter;
  } while (after && pages.length < 500);
  return { ids, pages };
}

/** Three cases at the head of a queue: two paid at the same instant (the id decides between them), one a second later. */
const HEAD = [new Date("2001-02-03T04:05:06.000Z"), new Date("2001-02-03T04:05:06.000Z"), new Date("2001-02-03T04:05:07.000Z")];

async function answeredCheckIn(submittedAt: Date) {
  const user = await createUser();
  const plan = await db.plan.findUniqueOrThrow({ where: { slug: "mounjaro-1-month" }, select: { id: true } });
  const product = await db.product.findFirstOrThrow({ where: { slug: { contains: "mounjaro" } }, select: { id: true } });
  const subscription = await db.subscription.create({
    data: { stripeSubscriptionId: `sub_pages_${randomUUID()}`, stripeCustomerId: `cus_pages_${randomUUID()}`, userId: user.id, email: user.email, planId: plan.id, productId: product.id, pricePence: 19_900, durationMonths: 1, status: "ACTIVE", syncedAt: new Date() },
  });
  return db.checkIn.create({
    data: { reference: `CI-${randomUUID().slice(0, 6).toUpperCase()}`, subscriptionId: subscription.id, userId: user.id, periodEnd: new Date(Date.now() + 5 * 86_400_000), status: "SUBMITTED", submittedAt },
  });
}

describe("the prescribers' queue", () => {
  it("pages oldest first without repeats or gaps, counts the whole queue, and finds one request by reference", async () => {
    const requests = [];
    // The queue spans three statuses, read a status at a time and merged: the head's three are
    // one of each, the two paid at the same instant in different statuses.
    for (const [index, at] of HEAD.entries()) {
      const { request } = await createPaidRequest(sandbox);
      const status = (["IN_REVIEW", "AWAITING_PATIENT", "SUBMITTED"] as const)[index]!;
      // Overdue: each is past its 24-hour promise.
      requests.push(await db.prescriptionRequest.update({ where: { id: request.id }, data: { status, submittedAt: at, dueAt: new Date(at.getTime() + 86_400_000) } }));
    }
    await createPaidRequest(sandbox);
    const prescriber = staffActor((await signedInStaff("PRESCRIBER")).staff, "PRESCRIBER");
    const now = new Date();

    const open = { status: { in: ["SUBMITTED", "IN_REVIEW", "AWAITING_PATIENT"] as ("SUBMITTED" | "IN_REVIEW" | "AWAITING_PATIENT")[] } };
    const expected = (await db.prescriptionRequest.findMany({ where: open, orderBy: [{ submittedAt: "asc" }, { id: "asc" }], select: { id: true } })).map((row) => row.id);
    expect(expected.length).toBeGreaterThanOrEqual(4);
    const head = [...requests.slice(0, 2).map((row) => row.id).sort(), requests[2]!.id];
    expect(expected.slice(0, 3)).toEqual(head);

    const { ids, pages } = await walk(async (after) => {
      const queue = await listReviewQueue(prescriber, { after, size: 2 }, now);
      expect(queue.openTotal).toBe(expected.length);
      expect(queue.overdueTotal).toBe(await db.prescriptionRequest.count({ where: { ...open, dueAt: { lte: now } } }));
      expect(queue.overdueTotal).toBeGreaterThanOrEqual(3);
      return { items: queue.open, nextAfter: queue.nextAfter, isLaterPage: queue.isLaterPage };
    });
    expect(ids).toEqual(expected);
    expect(pages.map((page) => page.items.length)).toEqual(expected.map((_, index) => index).filter((index) => index % 2 === 0).map((index) => Math.min(2, expected.length - index)));
    expect(pages.at(-1)!.nextAfter).toBeNull();

    // A cursor that is not one shows the first page.
    const first = await listReviewQueue(prescriber, { size: 2 }, now);
    for (const after of ["nonsense", "1.not-a-uuid", `${Date.now()}.${randomUUID()}' OR 1=1`]) {
      const bad = await listReviewQueue(prescriber, { after, size: 2 }, now);
      expect({ ids: bad.open.map((item) => item.id), isLaterPage: bad.isLaterPage, next: bad.nextAfter }).toEqual({ ids: first.open.map((item) => item.id), isLaterPage: false, next: first.nextAfter });
    }

    // Find by reference: that request only (typed loosely), with the totals still the queue's.
    const last = await db.prescriptionRequest.findUniqueOrThrow({ where: { id: expected.at(-1)! } });
    const found = await listReviewQueue(prescriber, { reference: `  ${last.reference.toLowerCase()} `, after: first.nextAfter }, now);
    expect({ ids: found.open.map((item) => item.id), reference: found.reference, next: found.nextAfter, later: found.isLaterPage, total: found.openTotal }).toEqual({ ids: [last.id], reference: last.reference, next: null, later: false, total: expected.length });
    const { order } = await createPaidOrder(sandbox);
    const other = await listReviewQueue(prescriber, { reference: order.reference }, now);
    expect([other.open, other.decided]).toEqual([[], []]);
  });
});

describe("the orders queue", () => {
  it("pages each list apart, counts each list whole, and finds one order by reference in the lists it is in", async () => {
    const orders = [];
    for (const at of HEAD) {
      const { order } = await createPaidOrder(sandbox);
      orders.push(await db.order.update({ where: { id: order.id }, data: { paidAt: at } }));
    }
    const { order: mounjaro } = await createPaidMounjaroOrder(sandbox);
    const { order: cosmetic } = await createPaidOrder(sandbox, { medicine: false });
    const pharmacist = staffActor((await signedInStaff("PHARMACIST")).staff, "PHARMACIST");
    const prescriber = staffActor((await signedInStaff("PRESCRIBER")).staff, "PRESCRIBER");

    const expected = (await db.order.findMany({ where: { status: "AWAITING_PHARMACIST" }, orderBy: [{ paidAt: "asc" }, { id: "asc" }], select: { id: true } })).map((row) => row.id);
    expect(expected.slice(0, 3)).toEqual([...orders.slice(0, 2).map((row) => row.id).sort(), orders[2]!.id]);
    const { ids } = await walk(async (after) => {
      const queue = await listOrderQueue(pharmacist, { after: { review: after }, size: 2 });
      expect(queue.review!.total).toBe(expected.length);
      expect(queue.dispatch!.total).toBe(await db.order.count({ where: { status: "AWAITING_DISPATCH" } }));
      return queue.review!;
    });
    expect(ids).toEqual(expected);

    // The prescribers' list holds the prescription-only orders only (the rule of isAwaitingPrescriber,
    // here over the order's relations, which the database's awaiting_prescriber flag must agree
    // with), over two statuses merged in payment order: one invited to a consultation, paid first.
    const { order: invitedPom } = await createPaidMounjaroOrder(sandbox);
    await db.order.update({ where: { id: invitedPom.id }, data: { status: "CONSULTATION_INVITED", paidAt: HEAD[0] } });
    const prescribeExpected = (
      await db.order.findMany({ where: { AND: [{ status: { in: ["AWAITING_PHARMACIST", "CONSULTATION_INVITED"] } }, AWAITING_PRESCRIBER_RULE] }, orderBy: [{ paidAt: "asc" }, { id: "asc" }], select: { id: true } })
    ).map((row) => row.id);
    expect(prescribeExpected.slice(0, 1)).toEqual([invitedPom.id]);
    const prescribe = await walk((after) => listOrderQueue(prescriber, { after: { prescribe: after }, size: 1 }).then((queue) => queue.prescribe!));
    expect(prescribe.ids).toEqual(prescribeExpected);
    expect(prescribe.ids).toContain(mounjaro.id);
    expect(prescribe.ids).not.toContain(orders[0]!.id);
    const awaiting = await listOrderQueue(prescriber, { reference: mounjaro.reference });
    expect(awaiting.prescribe!.items).toEqual([expect.objectContaining({ id: mounjaro.id, awaitingPrescriber: true })]);
    expect(awaiting.prescribe!.total).toBe(prescribe.ids.length);
    // Each role reads only the lists it works: the prescriber not the pharmacist's three, the pharmacist not the prescribers'.
    expect([awaiting.review, awaiting.invited, awaiting.dispatch]).toEqual([null, null, null]);
    const reviewing = await listOrderQueue(pharmacist, { reference: mounjaro.reference });
    expect(reviewing.prescribe).toBeNull();
    expect(reviewing.review!.items.map((item) => item.id)).toEqual([mounjaro.id]);

    // A bad cursor in one list shows its first page and leaves the others alone.
    const first = await listOrderQueue(pharmacist, { size: 2 });
    const bad = await listOrderQueue(pharmacist, { after: { review: "2001.nope", dispatch: "x" }, size: 2 });
    expect([bad.review!.items, bad.review!.isLaterPage, bad.dispatch!.items]).toEqual([first.review!.items, false, first.dispatch!.items]);

    // Find by reference (an admin works all four lists): the cosmetic order is only in the
    // dispatch list; a request's reference finds nothing.
    const admin = staffActor((await signedInStaff("ADMIN")).staff, "ADMIN");
    const found = await listOrderQueue(admin, { reference: cosmetic.reference });
    expect([found.review!.items, found.invited!.items, found.prescribe!.items]).toEqual([[], [], []]);
    expect(found.dispatch!.items.map((item) => item.id)).toEqual([cosmetic.id]);
    expect(found.review!.total).toBe(expected.length);
    const { request } = await createPaidRequest(sandbox);
    const other = await listOrderQueue(admin, { reference: request.reference });
    expect([other.prescribe!.items, other.review!.items, other.invited!.items, other.dispatch!.items]).toEqual([[], [], [], []]);
  });
});

describe("the check-ins queue", () => {
  it("pages oldest answer first without repeats or gaps, counts the whole queue, and finds one check-in by reference", async () => {
    const checkIns = [];
    for (const at of HEAD) checkIns.push(await answeredCheckIn(at));
    await answeredCheckIn(new Date());
    const prescriber = staffActor((await signedInStaff("PRESCRIBER")).staff, "PRESCRIBER");

    const expected = (await db.checkIn.findMany({ where: { status: "SUBMITTED" }, orderBy: [{ submittedAt: "asc" }, { id: "asc" }], select: { id: true } })).map((row) => row.id);
    expect(expected.slice(0, 3)).toEqual([...checkIns.slice(0, 2).map((row) => row.id).sort(), checkIns[2]!.id]);
    const { ids, pages } = await walk(async (after) => {
      const queue = await listCheckInQueue(prescriber, { after, size: 1 });
      expect(queue.total).toBe(expected.length);
      return queue;
    });
    expect(ids).toEqual(expected);
    expect(pages).toHaveLength(expected.length);

    const first = await listCheckInQueue(prescriber, { size: 1 });
    const bad = await listCheckInQueue(prescriber, { after: `${HEAD[0]!.getTime()}.zz`, size: 1 });
    expect([bad.items, bad.isLaterPage]).toEqual([first.items, false]);

    const found = await listCheckInQueue(prescriber, { reference: checkIns[2]!.reference });
    expect(found.items.map((item) => item.id)).toEqual([checkIns[2]!.id]);
    expect(found.total).toBe(expected.length);
    expect((await listCheckInQueue(prescriber, { reference: "PR-ABCDEF" })).items).toEqual([]);
  });
});
