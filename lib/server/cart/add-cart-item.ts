import "server-only";
import { isDirectlyPurchasable } from "@/lib/catalogue/next-step";
import { db, type Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { MAX_QUANTITY, type AddCartItemInput } from "@/lib/validation/cart";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { getCart } from "./get-cart";
import { checkPassedAssessment } from "./passed-assessment";
import { upsertCartId } from "./upsert-cart-id";
import type { CartView } from "./types";

const NOT_AVAILABLE = "This product is not available.";
const PLAN_NOT_AVAILABLE = "This plan is not available.";

const refuse = (field: string, message: string) => new AppError("validation_failed", message, { [field]: [message] });

type LineToAdd = { productId: string; planId: string | null; assessmentId: string | null; unitPricePence: number; quantity: number };

/**
 * Adds a line to the owner's cart in one transaction. A cosmetic by slug raises its quantity.
 * A pharmacy or prescription-only medicine enters only on a line that names a passed,
 * unexpired assessment of this same owner (GPhC guidance for online supply); which medicine
 * is read from that assessment. Choosing a plan replaces the medicine's line (one plan per
 * medicine). Prices are never taken from the caller; the price seen now is kept so checkout
 * can tell the patient if it changes before they pay.
 */
export async function addCartItem(actor: Actor, input: AddCartItemInput): Promise<CartView> {
  return db.$transaction(async (tx) => {
    const line = input.plan_id !== undefined ? await planLine(tx, actor, input) : await productLine(tx, actor, input);
    // INSERT … ON CONFLICT for both the cart and the line: concurrent first adds for one
    // owner meet in the database, not in a check-then-insert race.
    const cartId = await upsertCartId(tx, ownedBy(actor));
    const [row] = line.planId
      ? await tx.$queryRaw<{ quantity: number }[]>`
          INSERT INTO cart_items (id, cart_id, product_id, plan_id, assessment_id, quantity, seen_unit_price_pence, updated_at)
          VALUES (gen_random_uuid(), ${cartId}::uuid, ${line.productId}, ${line.planId}, ${line.assessmentId}::uuid, 1, ${line.unitPricePence}, now())
          ON CONFLICT (cart_id, product_id) DO UPDATE SET plan_id = EXCLUDED.plan_id, assessment_id = EXCLUDED.assessment_id,
            quantity = 1, seen_unit_price_pence = EXCLUDED.seen_unit_price_pence, updated_at = now()
          RETURNING quantity`
      : await tx.$queryRaw<{ quantity: number }[]>`
          INSERT INTO cart_items (id, cart_id, product_id, assessment_id, quantity, seen_unit_price_pence, updated_at)
          VALUES (gen_random_uuid(), ${cartId}::uuid, ${line.productId}, ${line.assessmentId}::uuid, ${line.quantity}, ${line.unitPricePence}, now())
          ON CONFLICT (cart_id, product_id) DO UPDATE SET
            quantity = CASE WHEN cart_items.plan_id IS NULL THEN cart_items.quantity + EXCLUDED.quantity ELSE EXCLUDED.quantity END,
            plan_id = NULL, assessment_id = COALESCE(EXCLUDED.assessment_id, cart_items.assessment_id),
            seen_unit_price_pence = EXCLUDED.seen_unit_price_pence, updated_at = now()
          RETURNING quantity`;
    if (!row) throw new AppError("internal", "The cart could not be saved. Please try again.");
    if (row.quantity > MAX_QUANTITY) throw refuse("quantity", `You can order at most ${MAX_QUANTITY} of an item.`);
    return getCart(actor, tx);
  });
}

async function productLine(tx: Tx, actor: Actor, input: AddCartItemInput): Promise<LineToAdd> {
  const product = await tx.product.findFirst({
    where: { slug: input.product_slug, isActive: true },
    select: { id: true, slug: true, kind: true, pricePence: true },
  });
  if (!product || product.kind === "SERVICE") throw refuse("product_slug", NOT_AVAILABLE);
  let assessmentId: string | null = null;
  // A medicine is refused for its missing assessment first, whatever else is true of it.
  if (!isDirectlyPurchasable(product.kind)) {
    const check = await checkPassedAssessment(tx, actor, input.assessment_id);
    if (!check.ok) throw refuse(input.assessment_id ? "assessment_id" : "product_slug", check.message);
    if (check.pass.productSlug !== product.slug) throw refuse("assessment_id", "Your assessment does not cover this product. Please take its own assessment.");
    assessmentId = check.pass.id;
  }
  if (product.pricePence === null) throw refuse("product_slug", "This treatment is sold in plans: please choose a plan on your assessment's results page.");
  return { productId: product.id, planId: null, assessmentId, unitPricePence: product.pricePence, quantity: input.quantity };
}

async function planLine(tx: Tx, actor: Actor, input: AddCartItemInput): Promise<LineToAdd> {
  const plan = await tx.plan.findFirst({
    where: { OR: [{ id: input.plan_id }, { slug: input.plan_id }], isActive: true },
    select: { id: true, pricePence: true, treatmentType: { select: { slug: true } } },
  });
  if (!plan) throw refuse("plan_id", PLAN_NOT_AVAILABLE);
  const check = await checkPassedAssessment(tx, actor, input.assessment_id);
  if (!check.ok) throw refuse("assessment_id", check.message);
  if (check.pass.treatmentType !== plan.treatmentType.slug) throw refuse("plan_id", "This plan is for a different treatment from your assessment.");
  const product = await tx.product.findFirst({ where: { slug: check.pass.productSlug, isActive: true }, select: { id: true } });
  if (!product) throw refuse("plan_id", NOT_AVAILABLE);
  return { productId: product.id, planId: plan.id, assessmentId: check.pass.id, unitPricePence: plan.pricePence, quantity: 1 };
}
