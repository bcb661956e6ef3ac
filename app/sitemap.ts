import type { MetadataRoute } from "next";
import { listAssessmentTreatmentTypes } from "@/lib/questionnaire/definitions";
import { listCategories, listProductSlugs } from "@/lib/server/catalogue/queries";
import { absoluteUrl } from "@/lib/seo/absolute-url";

export const revalidate = 3600;

const STATIC_PAGES = ["/", "/treatments", "/about", "/contact", "/consultation", "/cookies"];

/** Every public, indexable page, with absolute URLs. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [categories, productSlugs] = await Promise.all([listCategories(), listProductSlugs()]);
  const paths = [
    ...STATIC_PAGES,
    ...categories.map((category) => `/treatments/${category.slug}`),
    ...productSlugs.map((slug) => `/product/${slug}`),
    // Each assessment's first step is its landing page; later steps are not indexed.
    ...listAssessmentTreatmentTypes().map((treatmentType) => `/${treatmentType}/quiz/1`),
  ];
  return paths.map((path) => ({
    url: absoluteUrl(path),
    changeFrequency: "weekly",
    priority: path === "/" ? 1 : path.startsWith("/product/") ? 0.7 : 0.8,
  }));
}
