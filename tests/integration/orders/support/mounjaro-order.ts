import { createUser, signIn, uniquePatientName } from "@/tests/factories/user";
import { accountShopper, addToCart, checkout, orderByReference } from "./shop";

/** A signed-in patient who passed the Mounjaro assessment (self-reported 180 cm, 97.2 kg: BMI 30.0) and paid for a month of it. */
export async function createPaidMounjaroOrder(sandbox: { pay(sessionId: string): Promise<unknown> }, { name }: { name?: string } = {}) {
  const { passAssessment } = await import("@/tests/factories/assessment");
  // Each patient a different person: the identity check flags two verified accounts with one
  // name, date of birth (the fixture's) and delivery postcode (the shop's) as duplicates.
  const user = await createUser({ name: name ?? uniquePatientName() });
  const session = await signIn(user);
  const shopper = accountShopper(session.cookies, user.email);
  const assessmentId = await passAssessment("mounjaro", shopper);
  const added = await addToCart(shopper, { plan_id: "mounjaro-1-month", assessment_id: assessmentId });
  if (added.status !== 201) throw new Error(`add plan: ${added.status} ${JSON.stringify(added.body)}`);
  const res = await checkout(shopper);
  if (res.status !== 200) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
  await sandbox.pay(res.body.sessionId);
  const order = await orderByReference(res.body.reference);
  if (order.status !== "AWAITING_PHARMACIST") throw new Error(`order is ${order.status}`);
  return { order, user, session, shopper };
}
