import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";
import { JsonLd } from "@/components/seo/json-ld";
import { getProduct, listProductSlugs } from "@/lib/server/catalogue/queries";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { productJsonLd } from "@/lib/seo/product-json-ld";
import { ProductDetails } from "./_components/product-details";
import { ProductPurchase } from "./_components/product-purchase";
import styles from "./page.module.css";

export const revalidate = 3600;

type ProductPageProps = { params: Promise<{ slug: string }> };

const loadProduct = cache(getProduct);

export async function generateStaticParams() {
  const slugs = await listProductSlugs();
  return slugs.map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: ProductPageProps): Promise<Metadata> {
  const product = await loadProduct((await params).slug);
  if (!product) return {};
  return pageMetadata({ title: product.name, description: product.summary, path: `/product/${product.slug}` });
}

export default async function ProductPage({ params }: ProductPageProps) {
  const product = await loadProduct((await params).slug);
  if (!product) notFound();
  const parent = product.category
    ? { name: product.category.name, path: `/treatments/${product.category.slug}` }
    : { name: "Treatments", path: "/treatments" };
  return (
    <div className="section">
      <div className="container">
        <Breadcrumbs
          crumbs={[{ name: "Home", path: "/" }, parent, { name: product.name, path: `/product/${product.slug}` }]}
        />
        <div className={styles.layout}>
          <div className={styles.media}>
            <img
              src={product.image}
              alt={product.imageAlt}
              width={480}
              height={480}
              fetchPriority="high"
              className={styles.image}
            />
          </div>
          <ProductPurchase product={product} />
        </div>
        <ProductDetails product={product} />
      </div>
      <JsonLd data={productJsonLd(product)} />
    </div>
  );
}
