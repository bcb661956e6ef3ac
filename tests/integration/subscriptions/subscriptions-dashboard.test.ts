import { randomUUID } from "node:crypto";
import { getSubscriptionsDashboard } from "@/lib/server/subscriptions/get-subscriptions-dashboard";
import { patientActor } from "@/tests/factories/actor";
import { createUser } from "@/tests/factories/user";
import { db } from "@/tests/support/db";

// Dashboard → Subscriptions renders on the server (getSubscriptionsDashboard): the patient's
// own subscriptions, and the plans of their treatments.

afterAll(() => db.$disconnect());

let daysAgo = 1000;

/** A subscription row as sync-subscription writes it; each one made is newer than the last. */
async function subscribe(user: { id: string; email: string }, planSlug: string, productSlug: string, status: "ACTIVE" | "CANCELED" = "ACTIVE") {
  const [plan, product] = await Promise.all([db.plan.findUniqueOrThrow({ where: { slug: planSlug } }), db.product.findUniqueOrThrow({ where: { slug: productSlug } })]);
  return db.subscription.create({
    data: {
      stripeSubscriptionId: `sub_${randomUUID().replace(/-/g, "")}`,
      stripeCustomerId: `cus_${randomUUID().replace(/-/g, "").slice(0, 14)}`,
      userId: user.id,
      email: user.email,
      planId: plan.id,
      productId: product.id,
      pricePence: plan.pricePence,
      durationMonths: plan.durationMonths,
      status,
      currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
      syncedAt: new Date(),
      createdAt: new Date(Date.now() - daysAgo-- * 86_400_000),
    },
  });
}

const planNames = (plans: { name: string }[]) => plans.map((plan) => plan.name);

describe("getSubscriptionsDashboard", () => {
  it("returns the owner's subscriptions only, newest first, in the API's shape", async () => {
    const [owner, other] = await Promise.all([createUser(), createUser()]);
    const older = await subscribe(owner, "minoxidil-1-month", "minoxidil-5-men", "CANCELED");
    const newer = await subscribe(owner, "minoxidil-3-months", "minoxidil-5-men");
    const theirs = await subscribe(other, "minoxidil-1-month", "minoxidil-2-women");

    const { subscriptions } = await getSubscriptionsDashboard(patientActor(owner));
    expect(subscriptions.map((subscription) => subscription.id)).toEqual([newer.id, older.id]);
    expect(subscriptions.map((subscription) => subscription.id)).not.toContain(theirs.id);
    expect(subscriptions[0]).toEqual({
      id: newer.id,
      stripe_subscription_id: newer.stripeSubscriptionId,
      treatment_type: "minoxidil",
      plan_name: "Minoxidil 3 months",
      price: 79.99,
      duration: 3,
      status: "active",
      current_period_end: newer.currentPeriodEnd!.toISOString(),
      cancel_at_period_end: false,
      paused: false,
      skipped_until: null,
      created_at: newer.createdAt.toISOString(),
      // Not a prescription-only plan: no renewal check-in.
      check_in: null,
    });
    expect((await getSubscriptionsDashboard(patientActor(other))).subscriptions.map((subscription) => subscription.id)).toEqual([theirs.id]);
  });

  it("offers the plans of the patient's own treatments, in the API's shape", async () => {
    const patient = await createUser();
    await subscribe(patient, "minoxidil-1-month", "minoxidil-5-men");
    await subscribe(patient, "viagra-1-month", "viagra");
    const dashboard = await getSubscriptionsDashboard(patientActor(patient));
    expect(dashboard.planTreatmentTypes).toEqual(["viagra", "minoxidil"]);
    expect(planNames(dashboard.plans)).toEqual(["Viagra 1 month", "Minoxidil 1 month", "Minoxidil 3 months"]);
    expect(dashboard.plans[0]).toEqual({ id: expect.any(String), name: "Viagra 1 month", price: 24.99, duration: 1, description: expect.any(String) });
  });

  it("offers a patient without subscriptions the featured treatments' plans (the hair-loss plans)", async () => {
    const dashboard = await getSubscriptionsDashboard(patientActor(await createUser()));
    expect(dashboard.subscriptions).toEqual([]);
    expect(dashboard.planTreatmentTypes).toEqual(["minoxidil"]);
    expect(planNames(dashboard.plans)).toEqual(["Minoxidil 1 month", "Minoxidil 3 months"]);
  });
});
