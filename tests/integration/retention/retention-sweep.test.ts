// Bounded growth (issue 24): retention.sweep deletes what the policy says is due and nothing
// else. The sweep runs on a clock in 2001 and every row here is dated around it, so the rows of
// other tests (dated now) are never due in these runs and the assertions concern ours only.
// That the sweep keeps medical and financial records however old, at today's clock, is
// retention-keeps-records.test.ts.
import { uploadRoot } from "../../support/temp-uploads";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/server/core/db/client";
import { uploadStorage } from "@/lib/server/services/uploads/upload-storage";
import { retentionPolicy } from "@/lib/server/retention/retention-policy";
import { sweepRetention } from "@/lib/server/retention/retention-sweep-job";
import { createUser, uniquePatientName } from "../../factories/user";
import { makeGuestId, uniqueEmail } from "../../factories/guest";
import { hashGuestId } from "@/lib/server/core/actor/guest-id";

const NOW = new Date("2001-06-01T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const hex = () => randomBytes(16).toString("hex");

type Seeded = Awaited<ReturnType<typeof seed>>;

/** Counts of the records no rule may touch (medical records, paid payments, the audit log). */
async function keptTableCounts() {
  const tables = ["audit_events", "prescription_requests", "prescriptions", "orders", "order_lines", "check_ins", "side_effect_reports", "gp_letters", "weight_evidence", "identity_verifications", "progress_photos", "subscriptions"];
  const counts = await Promise.all(tables.map((table) => db.$queryRawUnsafe<{ count: number }[]>(`SELECT count(*)::int AS count FROM ${table}`)));
  return Object.fromEntries(tables.map((table, index) => [table, counts[index]![0]!.count]));
}

async function storePhoto(responseId: string, createdAt: Date) {
  const storageKey = `photos/${randomUUID()}.jpg`;
  await uploadStorage().put(storageKey, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), "image/jpeg");
  await db.questionnairePhoto.create({ data: { responseId, storageKey, contentType: "image/jpeg", sizeBytes: 4, width: 1, height: 1, displayName: "scalp.jpg", createdAt } });
  return storageKey;
}

const fileExists = (key: string) => fs.existsSync(path.join(uploadRoot, ...key.split("/")));

async function draft(updatedAt: Date, overrides: { userId?: string; submittedAt?: Date } = {}) {
  const id = randomUUID();
  await db.questionnaireResponse.create({ data: { id, definition: "prescription", definitionVersion: 1, answers: { "1": { choice: "yes" } }, createdAt: updatedAt, updatedAt, ...overrides } });
  return id;
}

async function payment(status: "OPEN" | "EXPIRED" | "PAID", purpose: "CONSULTATION_BOOKING" | "PRESCRIPTION" | "ORDER" = "CONSULTATION_BOOKING") {
  return db.payment.create({ data: { purpose, amountPence: 4900, status, expiresAt: ago(40 * DAY), paidAt: status === "PAID" ? ago(40 * DAY) : null, createdAt: ago(40 * DAY) }, select: { id: true } });
}

async function booking(slotId: string, consultationTypeId: string, status: "EXPIRED" | "PENDING_PAYMENT" | "CONFIRMED", holdExpiresAt: Date | null, paymentStatus: "OPEN" | "EXPIRED" | "PAID") {
  const paid = await payment(paymentStatus);
  const slot = await db.consultationSlot.findUniqueOrThrow({ where: { id: slotId }, select: { startsAt: true } });
  return db.consultationBooking.create({
    data: { reference: `HC-${hex().slice(0, 8).toUpperCase()}`, consultationTypeId, slotId, startsAt: slot.startsAt, clientName: uniquePatientName("Retention"), clientEmail: uniqueEmail("retention"), pricePence: 4900, status, holdExpiresAt, paymentId: paid.id, createdAt: ago(40 * DAY) },
    select: { id: true, paymentId: true },
  });
}

async function seed() {
  const user = await createUser({ name: uniquePatientName("Retention") });
  const userId = user.id;
  const product = await db.product.findFirstOrThrow({ where: { slug: "men-shampoo" }, select: { id: true } });
  const type = await db.consultationType.findFirstOrThrow({ select: { id: true } });
  const jitter = Math.floor(Math.random() * 1_000_000) * 1000; // distinct slot times per run

  const rate = { old: `retention-test:${hex()}`, live: `retention-test:${hex()}` };
  await db.rateLimitBucket.createMany({ data: [{ key: rate.old, hits: 3, resetAt: ago(1000) }, { key: rate.live, hits: 3, resetAt: new Date(NOW.getTime() + 60_000) }] });

  const session = {
    old: (await db.authSession.create({ data: { userId, createdAt: ago(9 * DAY), lastSeenAt: ago(9 * DAY), expiresAt: ago(8 * DAY) } })).id,
    recent: (await db.authSession.create({ data: { userId, createdAt: ago(7 * DAY), lastSeenAt: ago(7 * DAY), expiresAt: ago(6 * DAY) } })).id,
  };
  const token = (expiresAt: Date) => ({ userId, tokenHash: hex(), expiresAt, createdAt: ago(10 * DAY) });
  const reset = { old: (await db.passwordResetToken.create({ data: token(ago(8 * DAY)) })).id, recent: (await db.passwordResetToken.create({ data: token(ago(6 * DAY)) })).id };
  const unlock = { old: (await db.signInUnlockToken.create({ data: token(ago(8 * DAY)) })).id, recent: (await db.signInUnlockToken.create({ data: token(ago(6 * DAY)) })).id };
  const verification = {
    old: (await db.emailVerification.create({ data: { ...token(ago(8 * DAY)), purpose: "SIGN_UP", email: uniqueEmail("verify") } })).id,
    recent: (await db.emailVerification.create({ data: { ...token(ago(6 * DAY)), purpose: "CHANGE", email: uniqueEmail("verify") } })).id,
  };
  const link = { old: hashGuestId(makeGuestId()), recent: hashGuestId(makeGuestId()) };
  await db.guestLink.createMany({ data: [{ guestKeyHash: link.old, userId, linkedAt: ago(91 * DAY) }, { guestKeyHash: link.recent, userId, linkedAt: ago(89 * DAY) }] });

  const mail = (sentAt: Date | null, createdAt: Date) => db.outboxEmail.create({ data: { toAddress: user.email, userId, subject: "Retention test", text: sentAt ? "(delivered by SMTP; the body is not kept)" : "Your link", sentAt, createdAt }, select: { id: true } });
  const outbox = { deliveredOld: (await mail(ago(91 * DAY), ago(91 * DAY))).id, deliveredRecent: (await mail(ago(89 * DAY), ago(89 * DAY))).id, undeliveredOld: (await mail(null, ago(400 * DAY))).id };

  const event = { old: `evt_retention_${hex()}`, recent: `evt_retention_${hex()}` };
  await db.stripeEvent.createMany({ data: [{ id: event.old, type: "checkout.session.completed", processedAt: ago(31 * DAY) }, { id: event.recent, type: "checkout.session.completed", processedAt: ago(29 * DAY) }] });

  const newSlot = async (startsAt: Date) => (await db.consultationSlot.create({ data: { consultationTypeId: type.id, startsAt: new Date(startsAt.getTime() - jitter), capacity: 3 } })).id;
  const slot = { emptied: await newSlot(ago(60 * DAY)), busy: await newSlot(ago(59 * DAY)), recentEmpty: await newSlot(new Date(NOW.getTime() - 12 * 60 * 60 * 1000 + jitter)) };
  const holds = {
    expiredOld: await booking(slot.emptied, type.id, "EXPIRED", ago(31 * DAY), "EXPIRED"),
    pendingOld: await booking(slot.emptied, type.id, "PENDING_PAYMENT", ago(31 * DAY), "OPEN"),
    expiredRecent: await booking(slot.busy, type.id, "EXPIRED", ago(29 * DAY), "EXPIRED"),
    pendingButPaid: await booking(slot.busy, type.id, "PENDING_PAYMENT", ago(31 * DAY), "PAID"),
    confirmed: await booking(slot.busy, type.id, "CONFIRMED", null, "PAID"),
  };

  const cart = async (owner: { guestKeyHash: string } | { userId: string }, updatedAt: Date, itemUpdatedAt: Date, assessmentId?: string) =>
    (await db.cart.create({ data: { ...owner, createdAt: updatedAt, updatedAt, items: { create: { productId: product.id, quantity: 1, seenUnitPricePence: 1299, assessmentId, createdAt: itemUpdatedAt, updatedAt: itemUpdatedAt } } } })).id;
  const drafts = {
    old: await draft(ago(31 * DAY)),
    recent: await draft(ago(29 * DAY)),
    oldWithRecentPhoto: await draft(ago(31 * DAY)),
    submitted: await draft(ago(400 * DAY), { submittedAt: ago(400 * DAY) }),
    inRequest: await draft(ago(31 * DAY)),
    inOrder: await draft(ago(31 * DAY)),
    inCart: await draft(ago(31 * DAY)),
  };
  const photo = { old: await storePhoto(drafts.old, ago(31 * DAY)), oldSecond: await storePhoto(drafts.old, ago(35 * DAY)), recentOnOldDraft: await storePhoto(drafts.oldWithRecentPhoto, ago(5 * DAY)), onRequestDraft: await storePhoto(drafts.inRequest, ago(31 * DAY)) };
  const requestPayment = await payment("OPEN", "PRESCRIPTION");
  await db.prescriptionRequest.create({ data: { reference: `PR-${hex().slice(0, 8).toUpperCase()}`, responseId: drafts.inRequest, userId, email: user.email, status: "PENDING_PAYMENT", paymentId: requestPayment.id, pricePence: 1999, createdAt: ago(31 * DAY) } });
  const orderPayment = await payment("PAID", "ORDER");
  await db.order.create({
    data: {
      reference: `HO-${hex().slice(0, 8).toUpperCase()}`, email: user.email, customerKey: `user:${userId}`, userId, status: "AWAITING_DISPATCH", paymentId: orderPayment.id,
      deliveryOptionSlug: "standard", deliveryName: "Standard", deliveryPence: 0, subtotalPence: 1299, totalPence: 1299,
      shipName: user.name, shipLine1: "1 Test Street", shipCity: "London", shipPostcode: "SW1A 1AA", needsReview: false, checkoutFingerprint: hex(),
      lines: { create: { productId: product.id, assessmentId: drafts.inOrder, productKind: "COSMETIC", name: "Shampoo", durationLabel: "", unitPricePence: 1299, quantity: 1, stockUnits: 1, lineTotalPence: 1299 } },
    },
  });
  const carts = {
    guestOld: await cart({ guestKeyHash: hashGuestId(makeGuestId()) }, ago(31 * DAY), ago(31 * DAY)),
    guestLineRecent: await cart({ guestKeyHash: hashGuestId(makeGuestId()) }, ago(31 * DAY), ago(29 * DAY)),
    userCart: await cart({ userId }, ago(400 * DAY), ago(400 * DAY), drafts.inCart),
  };

  return { rate, session, reset, unlock, verification, link, outbox, event, slot, holds, carts, drafts, photo };
}

async function present(seeded: Seeded) {
  const ids = <T extends Record<string, string>>(rows: { id: string }[], named: T) => Object.fromEntries(Object.entries(named).map(([name, id]) => [name, rows.some((row) => row.id === id)]));
  const { rate, session, reset, unlock, verification, link, outbox, event, slot, holds, carts, drafts, photo } = seeded;
  const holdIds = Object.fromEntries(Object.entries(holds).map(([name, hold]) => [name, hold.id]));
  const holdPayments = Object.fromEntries(Object.entries(holds).map(([name, hold]) => [name, hold.paymentId!]));
  return {
    rate: ids((await db.rateLimitBucket.findMany({ where: { key: { in: Object.values(rate) } }, select: { key: true } })).map((row) => ({ id: row.key })), rate),
    session: ids(await db.authSession.findMany({ where: { id: { in: Object.values(session) } }, select: { id: true } }), session),
    reset: ids(await db.passwordResetToken.findMany({ where: { id: { in: Object.values(reset) } }, select: { id: true } }), reset),
    unlock: ids(await db.signInUnlockToken.findMany({ where: { id: { in: Object.values(unlock) } }, select: { id: true } }), unlock),
    verification: ids(await db.emailVerification.findMany({ where: { id: { in: Object.values(verification) } }, select: { id: true } }), verification),
    link: ids((await db.guestLink.findMany({ where: { guestKeyHash: { in: Object.values(link) } }, select: { guestKeyHash: true } })).map((row) => ({ id: row.guestKeyHash })), link),
    outbox: ids(await db.outboxEmail.findMany({ where: { id: { in: Object.values(outbox) } }, select: { id: true } }), outbox),
    event: ids(await db.stripeEvent.findMany({ where: { id: { in: Object.values(event) } }, select: { id: true } }), event),
    slot: ids(await db.consultationSlot.findMany({ where: { id: { in: Object.values(slot) } }, select: { id: true } }), slot),
    hold: ids(await db.consultationBooking.findMany({ where: { id: { in: Object.values(holdIds) } }, select: { id: true } }), holdIds),
    holdPayment: ids(await db.payment.findMany({ where: { id: { in: Object.values(holdPayments) } }, select: { id: true } }), holdPayments),
    cart: ids(await db.cart.findMany({ where: { id: { in: Object.values(carts) } }, select: { id: true } }), carts),
    draft: ids(await db.questionnaireResponse.findMany({ where: { id: { in: Object.values(drafts) } }, select: { id: true } }), drafts),
    photoRow: ids((await db.questionnairePhoto.findMany({ where: { storageKey: { in: Object.values(photo) } }, select: { storageKey: true } })).map((row) => ({ id: row.storageKey })), photo),
    photoFile: Object.fromEntries(Object.entries(photo).map(([name, key]) => [name, fileExists(key)])),
  };
}

const AFTER_SWEEP = {
  rate: { old: false, live: true },
  session: { old: false, recent: true },
  reset: { old: false, recent: true },
  unlock: { old: false, recent: true },
  verification: { old: false, recent: true },
  link: { old: false, recent: true },
  outbox: { deliveredOld: false, deliveredRecent: true, undeliveredOld: true },
  event: { old: false, recent: true },
  slot: { emptied: false, busy: true, recentEmpty: true },
  hold: { expiredOld: false, pendingOld: false, expiredRecent: true, pendingButPaid: true, confirmed: true },
  holdPayment: { expiredOld: false, pendingOld: false, expiredRecent: true, pendingButPaid: true, confirmed: true },
  cart: { guestOld: false, guestLineRecent: true, userCart: true },
  draft: { old: false, recent: true, oldWithRecentPhoto: true, submitted: true, inRequest: true, inOrder: true, inCart: true },
  photoRow: { old: false, oldSecond: false, recentOnOldDraft: true, onRequestDraft: true },
  photoFile: { old: false, oldSecond: false, recentOnOldDraft: true, onRequestDraft: true },
};

describe("retention.sweep", () => {
  it("deletes each table's due rows, keeps fresh and needed ones, removes draft photos' files, and is harmless run twice", async () => {
    const seeded = await seed();
    const before = await present(seeded);
    expect(Object.values(before).every((group) => Object.values(group).every(Boolean))).toBe(true);
    const kept = await keptTableCounts();

    const first = await sweepRetention({ now: NOW });
    expect(first.finished).toBe(true);
    expect(await present(seeded)).toEqual(AFTER_SWEEP);
    expect(first.deleted).toMatchObject({ consultation_bookings: 2, payments: 2, consultation_slots: 1, questionnaire_photos: 2, questionnaire_responses: 1, stripe_events: 1 });
    expect(await keptTableCounts()).toEqual(kept);

    const second = await sweepRetention({ now: NOW });
    expect(second).toEqual({ finished: true, deleted: Object.fromEntries(Object.keys(first.deleted).map((table) => [table, 0])) });
    expect(await present(seeded)).toEqual(AFTER_SWEEP);
    expect(await keptTableCounts()).toEqual(kept);
  });

  it("deletes in batches of at most the batch size, and stops when its time budget is spent", async () => {
    const ids = Array.from({ length: 7 }, () => `evt_retention_batch_${hex()}`);
    await db.stripeEvent.createMany({ data: ids.map((id) => ({ id, type: "invoice.paid", processedAt: ago(40 * DAY) })) });
    const stripeRule = retentionPolicy.find((rule) => rule.table === "stripe_events")!;
    const remaining = () => db.stripeEvent.count({ where: { id: { in: ids } } });

    expect(await stripeRule.deleteBatch(ago(30 * DAY), 3)).toEqual({ stripe_events: 3 });
    expect(await remaining()).toBe(4);

    expect(await sweepRetention({ now: NOW, budgetMs: 0 })).toMatchObject({ finished: false, deleted: { stripe_events: 0 } });
    expect(await remaining()).toBe(4);

    const run = await sweepRetention({ now: NOW, batchSize: 3 });
    expect(run).toMatchObject({ finished: true, deleted: { stripe_events: 4 } });
    expect(await remaining()).toBe(0);
  });
});
