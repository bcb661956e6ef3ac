import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ExploreMore } from "@/components/catalogue/explore-more";
import { ProductGrid } from "@/components/catalogue/product-grid";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";
import { getCategory, listCategories } from "@/lib/server/catalogue/queries";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { NotSure } from "./_components/not-sure";
import styles from "./page.module.css";

export const revalidate = 3600;

type CategoryPageProps = { params: Promise<{ category: string }> };

const loadCategory = cache(getCategory);

// Where each category's "Not Sure?" button leads; hair loss offers the Explore More block instead.
const NOT_SURE: Record<string, { href: string; hint: string }> = {
  "weight-loss-treatments": { href: "/consultation", hint: "Book a consultation" },
  "sexual-performance-treatments": { href: "/viagra/quiz/1", hint: "Start the assessment" },
};

export async function generateStaticParams() {
  const categories = await listCategories();
  return categories.map((category) => ({ category: category.slug }));
}

export async function generateMetadata({ params }: CategoryPageProps): Promise<Metadata> {
  const category = await loadCategory((await params).category);
  if (!category) return {};
  return pageMetadata({ title: category.name, description: category.description, path: `/treatments/${category.slug}` });
}

export default async function CategoryPage({ params }: CategoryPageProps) {
  const category = await loadCategory((await params).category);
  if (!category) notFound();
  const notSure = NOT_SURE[category.slug];
  return (
    <>
      <div className={styles.header}>
        <div className="container">
          <Breadcrumbs
            crumbs={[
              { name: "Home", path: "/" },
              { name: "Treatments", path: "/treatments" },
              { name: category.name, path: `/treatments/${category.slug}` },
            ]}
          />
          <h1>{category.name}</h1>
          <p className={styles.headline}>{category.headline}</p>
          <p className="lead">{category.description}</p>
        </div>
      </div>
      <div className="section">
        <div className={`container ${styles.body}`}>
          <ProductGrid products={category.products} headingLevel={2} eagerCount={2} />
          {notSure ? <NotSure href={notSure.href} hint={notSure.hint} /> : null}
          {category.slug === "hair-loss-treatments" ? <ExploreMore /> : null}
        </div>
      </div>
    </>
  );
}
