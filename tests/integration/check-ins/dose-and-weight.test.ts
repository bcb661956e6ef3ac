import { uploadRoot } from "@/tests/support/temp-uploads";
import { promises as fs } from "node:fs";
import { NextRequest } from "next/server";
import { POST as submitRoute } from "@/app/api/check-ins/[id]/route";
import { POST as approveRoute } from "@/app/api/staff/check-ins/[id]/approve/route";
import { POST as claimCheckInRoute } from "@/app/api/staff/check-ins/[id]/claim/route";
import { GET as checkInPhotoRoute } from "@/app/api/staff/check-ins/[id]/weight-photos/[photoId]/route";
import { POST as claimOrder } from "@/app/api/staff/orders/[id]/claim/route";
import { POST as dispenseOrder } from "@/app/api/staff/orders/[id]/dispense/route";
import { POST as recordWeight } from "@/app/api/staff/orders/[id]/weight/route";
import { GET as orderPhotoRoute } from "@/app/api/staff/orders/[id]/weight-photos/[photoId]/route";
import { getCheckInCase } from "@/lib/server/check-ins/get-check-in-case";
import { getOrderCase } from "@/lib/server/orders/review/get-order-case";
import { HIGHER_DOSE_NEEDS_CHECK_IN } from "@/lib/server/supply-checks/dose-check";
import { staffActor } from "@/tests/factories/actor";
import { signedInStaff } from "@/tests/factories/staff";
import { meetSupplyChecks } from "@/tests/factories/supply";
import { verifyWeight } from "@/tests/factories/weight";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { holdingSandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { createPaidMounjaroOrder } from "../orders/support/mounjaro-order";
import { patient, sendCheckInPhoto, subscribeToMounjaro, waitFor } from "./support";

// Mounjaro's dose ladder (SmPC 4.2) and a verified weight at every repeat supply (GPhC, February
// 2025, weight management): the check-in asks, the prescriber decides, the renewal order carries
// the approved dose and its check-in's verified weight, and dispensing applies both.

const { sandbox } = holdingSandboxForThisFile();
afterAll(() => fs.rm(uploadRoot, { recursive: true, force: true }));

type Caller = { cookies: Record<string, string>; headers: Record<string, string> };
const answers = { weight_kg: 95.1, side_effects: "none", new_conditions: "none", continue: "yes" };
const submitAs = (caller: Caller, id: string, json: Record<string, unknown>) => call(submitRoute, `/api/check-ins/${id}`, { json, params: { id }, ...caller });
const staffPost = (handler: Parameters<typeof call>[0], path: string, id: string, cookies: Record<string, string>, json: unknown = {}) => call(handler, path, { json, params: { id }, cookies });
const linesOf = (orderId: string) => db.orderLine.findMany({ where: { orderId }, select: { dose: true } });

describe("Mounjaro's dose and weight at every supply", () => {
  it("a first supply is the starting dose: a cart order's line, and a new subscription and its first order", async () => {
    const { order } = await createPaidMounjaroOrder(sandbox);
    expect(await linesOf(order.id)).toEqual([{ dose: "2.5 mg" }]);
    const { row } = await subscribeToMounjaro(sandbox, { photo: false });
    expect(row.dose).toBe("2.5 mg");
    const [first] = await db.order.findMany({ where: { subscriptionId: row.id } });
    expect(await linesOf(first!.id)).toEqual([{ dose: "2.5 mg" }]);
  });

  it("the check-in needs a scales photo and a dose choice; approval needs the verified weight and at most one step; the renewal carries the approved dose and meets the dose and weight checks through its check-in", async () => {
    const { caller, stripeId, row, checkIn } = await subscribeToMounjaro(sandbox, { photo: false });
    const [firstOrder] = await db.order.findMany({ where: { subscriptionId: row.id } });
    // The first supply's verified weight (the pharmacist's, on the first order): the baseline.
    await verifyWeight(firstOrder!.id, { weightKg: 101.5 });

    const noPhoto = await submitAs(caller, checkIn.id, { ...answers, dose_step: "up" });
    expect(noPhoto.status).toBe(422);
    expect(noPhoto.body.errors.photo[0]).toContain("photo of yourself on your scales");
    expect((await sendCheckInPhoto(checkIn.id, await patient())).status).toBe(404);
    expect((await sendCheckInPhoto(checkIn.id, caller)).status).toBe(201);
    const noDose = await submitAs(caller, checkIn.id, answers);
    expect(noDose.status).toBe(422);
    expect(noDose.body.errors.dose_step).toEqual(["Choose your dose for the next month."]);
    expect((await db.checkIn.findUniqueOrThrow({ where: { id: checkIn.id } })).status).toBe("DUE");
    expect((await submitAs(caller, checkIn.id, { ...answers, dose_step: "up" })).status).toBe(200);
    expect(await db.checkIn.findUniqueOrThrow({ where: { id: checkIn.id }, select: { dose: true, requestedDose: true } })).toEqual({ dose: "2.5 mg", requestedDose: "5 mg" });

    const prescriber = await signedInStaff("PRESCRIBER");
    const approvePath = `/api/staff/check-ins/${checkIn.id}/approve`;
    expect((await staffPost(claimCheckInRoute, `/api/staff/check-ins/${checkIn.id}/claim`, checkIn.id, prescriber.cookies)).status).toBe(200);
    // The prescriber sees the photo (an audited view) and the doses.
    const seen = await getCheckInCase(staffActor(prescriber.staff, "PRESCRIBER"), checkIn.id);
    expect(seen.dose).toMatchObject({ current: "2.5 mg", requested: "5 mg", options: ["2.5 mg", "5 mg"] });
    expect(seen.weight?.photos).toHaveLength(1);
    expect(seen.weight?.change).toMatchObject({ firstKg: 101.5, basis: "self-reported" });
    const photoId = seen.weight!.photos[0]!.id;
    const photoUrl = new URL(`/api/staff/check-ins/${checkIn.id}/weight-photos/${photoId}`, "http://localhost:3000");
    const cookie = Object.entries(prescriber.cookies).map(([k, v]) => `${k}=${v}`).join("; ");
    const image = await checkInPhotoRoute(new NextRequest(photoUrl, { headers: { host: "localhost:3000", cookie } }), { params: Promise.resolve({ id: checkIn.id, photoId }) });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    // A patient cannot.
    expect((await call(checkInPhotoRoute, photoUrl.pathname, { method: "GET", params: { id: checkIn.id, photoId }, cookies: caller.cookies })).status).toBe(403);
    expect(await db.auditEvent.count({ where: { action: "weight.photo_viewed", subjectId: photoId } })).toBe(1);

    const noWeight = await staffPost(approveRoute, approvePath, checkIn.id, prescriber.cookies, { note: "" });
    expect(noWeight.status).toBe(422);
    expect(noWeight.body.errors.weight_kg).toEqual(["Record the weight you read on the patient's scales photo before approving."]);
    const twoSteps = await staffPost(approveRoute, approvePath, checkIn.id, prescriber.cookies, { weight_kg: "90.5", dose: "7.5 mg" });
    expect(twoSteps.status).toBe(422);
    expect(twoSteps.body.message).toContain("The next dose must be 2.5 mg (the same) or 5 mg (one step up)");
    expect((await db.checkIn.findUniqueOrThrow({ where: { id: checkIn.id } })).status).toBe("SUBMITTED");
    expect(await db.weightVerification.count({ where: { checkInId: checkIn.id } })).toBe(0);

    // The patient's request is the default: one step up.
    expect((await staffPost(approveRoute, approvePath, checkIn.id, prescriber.cookies, { weight_kg: "90.5" })).status).toBe(200);
    expect(await db.checkIn.findUniqueOrThrow({ where: { id: checkIn.id }, select: { approvedDose: true } })).toEqual({ approvedDose: "5 mg" });
    expect((await db.subscription.findUniqueOrThrow({ where: { id: row.id } })).dose).toBe("5 mg");
    expect(await db.weightVerification.findFirstOrThrow({ where: { checkInId: checkIn.id } })).toMatchObject({ method: "PHOTO", passed: true, verifiedById: prescriber.staff.id });
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "check_in.approved", subjectId: checkIn.id } });
    expect(audit.detail).toMatchObject({ dose_step: "up" });
    expect(JSON.stringify(audit.detail)).not.toMatch(/mg|90\.5/);

    await sandbox.renew(stripeId);
    const renewal = await waitFor(async () => db.order.findFirst({ where: { subscriptionId: row.id, checkInId: checkIn.id } }));
    expect(await linesOf(renewal.id)).toEqual([{ dose: "5 mg" }]);
    const pharmacist = await signedInStaff("PHARMACIST");
    const orderCase = await getOrderCase(staffActor(pharmacist.staff, "PHARMACIST"), renewal.id);
    expect(orderCase.lines[0]?.dose).toBe("5 mg");
    expect(orderCase.supplyChecks.find((check) => check.key === "dose")).toMatchObject({ state: "met", summary: expect.stringContaining(checkIn.reference) });
    const weight = orderCase.supplyChecks.find((check) => check.key === "weight");
    expect(weight).toMatchObject({ state: "met", summary: expect.stringContaining(`check-in ${checkIn.reference}: 90.5 kg`) });
    expect(weight?.facts).toContainEqual({ label: "Change since the first verified weight", value: expect.stringContaining("-10.8%") });
    expect(weight?.source).toContain("NICE TA1026");
    // The pharmacist opens the check-in's photo from the renewal order (audited).
    const orderPhotoUrl = new URL(`/api/staff/orders/${renewal.id}/weight-photos/${photoId}`, "http://localhost:3000");
    const pharmacistCookie = Object.entries(pharmacist.cookies).map(([k, v]) => `${k}=${v}`).join("; ");
    const fromOrder = await orderPhotoRoute(new NextRequest(orderPhotoUrl, { headers: { host: "localhost:3000", cookie: pharmacistCookie } }), { params: Promise.resolve({ id: renewal.id, photoId }) });
    expect(fromOrder.status).toBe(200);
    expect(await db.auditEvent.count({ where: { action: "weight.photo_viewed", subjectId: photoId } })).toBe(2);
    // Its weight is not recorded again on the order.
    expect((await staffPost(claimOrder, `/api/staff/orders/${renewal.id}/claim`, renewal.id, pharmacist.cookies)).status).toBe(200);
    const again = await staffPost(recordWeight, `/api/staff/orders/${renewal.id}/weight`, renewal.id, pharmacist.cookies, { weight_kg: "90.0", method: "PHOTO" });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(`verified at check-in ${checkIn.reference}`);

    // Two steps above the check-in's dose is not what it approved: refused.
    await db.orderLine.updateMany({ where: { orderId: renewal.id }, data: { dose: "7.5 mg" } });
    const jumped = await getOrderCase(staffActor(pharmacist.staff, "PHARMACIST"), renewal.id);
    expect(jumped.supplyChecks.find((check) => check.key === "dose")).toMatchObject({ state: "unmet", blocking: HIGHER_DOSE_NEEDS_CHECK_IN });
  });

  it("an order at a higher dose with no check-in is not dispensed, with the sentence; at the starting dose it is", async () => {
    const { order, user } = await createPaidMounjaroOrder(sandbox);
    await meetSupplyChecks({ userId: user.id, orderId: order.id });
    await db.orderLine.updateMany({ where: { orderId: order.id }, data: { dose: "5 mg" } });
    const pharmacist = await signedInStaff("PHARMACIST");
    expect((await staffPost(claimOrder, `/api/staff/orders/${order.id}/claim`, order.id, pharmacist.cookies)).status).toBe(200);
    const refused = await staffPost(dispenseOrder, `/api/staff/orders/${order.id}/dispense`, order.id, pharmacist.cookies);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(HIGHER_DOSE_NEEDS_CHECK_IN);
    await db.orderLine.updateMany({ where: { orderId: order.id }, data: { dose: "2.5 mg" } });
    expect((await staffPost(dispenseOrder, `/api/staff/orders/${order.id}/dispense`, order.id, pharmacist.cookies)).status).toBe(200);
    // The GP letter names the dose.
    const letter = await db.gpLetter.findFirstOrThrow({ where: { subjectId: order.id }, select: { dose: true } });
    expect(letter.dose).toContain("2.5 mg once weekly");
  });
});
