import "server-only";
import { db } from "@/lib/server/core/db/client";
import type { CategorySummary, CategoryView, PlanView, ProductCard, ProductDetail } from "./types";

const planSelect = { id: true, slug: true, name: true, pricePence: true, durationMonths: true, description: true } as const;

const cardSelect = {
  slug: true,
  name: true,
  summary: true,
  kind: true,
  pricePence: true,
  image: true,
  imageAlt: true,
  treatmentType: { select: { slug: true, plans: { where: { isActive: true }, select: planSelect, orderBy: { sortOrder: "asc" } } } },
} as const;

type CardRow = {
  slug: string;
  name: string;
  summary: string;
  kind: ProductCard["kind"];
  pricePence: number | null;
  image: string;
  imageAlt: string;
  treatmentType: { slug: string; plans: PlanView[] } | null;
};

function toCard(row: CardRow): ProductCard {
  const monthly = (row.treatmentType?.plans ?? []).map((plan) => Math.round(plan.pricePence / plan.durationMonths));
  return {
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    kind: row.kind,
    pricePence: row.pricePence,
    fromPricePence: monthly.length ? Math.min(...monthly) : null,
    image: row.image,
    imageAlt: row.imageAlt,
    treatmentTypeSlug: row.treatmentType?.slug ?? null,
  };
}

export async function listCategories(): Promise<CategorySummary[]> {
  return db.category.findMany({
    select: { slug: true, name: true, headline: true, description: true },
    orderBy: { sortOrder: "asc" },
  });
}

export async function getCategory(slug: string): Promise<CategoryView | null> {
  const category = await db.category.findUnique({
    where: { slug },
    select: {
      slug: true,
      name: true,
      headline: true,
      description: true,
      products: { where: { isActive: true }, select: cardSelect, orderBy: { sortOrder: "asc" } },
    },
  });
  if (!category) return null;
  return { ...category, products: category.products.map(toCard) };
}

export async function listFeaturedProducts(): Promise<ProductCard[]> {
  const rows = await db.product.findMany({
    where: { isActive: true, isFeatured: true },
    select: cardSelect,
    orderBy: { sortOrder: "asc" },
  });
  return rows.map(toCard);
}

export async function getProduct(slug: string): Promise<ProductDetail | null> {
  const row = await db.product.findFirst({
    where: { slug, isActive: true },
    select: { ...cardSelect, description: true, whoFor: true, howToUse: true, category: { select: { slug: true, name: true } } },
  });
  if (!row) return null;
  return {
    ...toCard(row),
    description: row.description,
    whoFor: row.whoFor,
    howToUse: row.howToUse,
    category: row.category,
    plans: row.treatmentType?.plans ?? [],
  };
}

export async function listProductSlugs(): Promise<string[]> {
  const rows = await db.product.findMany({ where: { isActive: true }, select: { slug: true }, orderBy: { sortOrder: "asc" } });
  return rows.map((row) => row.slug);
}
