import type { Metadata } from "next";
import { ChevronRightIcon } from "@/components/icons/chevron-right-icon";
import { listCategories } from "@/lib/server/catalogue/queries";
import { pageMetadata } from "@/lib/seo/page-metadata";
import styles from "./page.module.css";

export const revalidate = 3600;

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Treatments",
    description:
      "Browse our treatments for hair loss, weight loss and sexual health. Every order is assessed and reviewed by UK pharmacists and prescribers.",
    path: "/treatments",
  });
}

const IMAGES: Record<string, string> = {
  "hair-loss-treatments": "/images/minoxidil-5-men.svg",
  "weight-loss-treatments": "/images/mounjaro.svg",
  "sexual-performance-treatments": "/images/viagra.svg",
};

export default async function TreatmentsPage() {
  const categories = await listCategories();
  return (
    <div className="section section-cream">
      <div className="container">
        <p className="eyebrow">Treatments</p>
        <h1>Choose a treatment area</h1>
        <p className="lead">
          Start with the area you need help with. Each treatment begins with a short assessment, reviewed by our UK
          pharmacists or prescribers.
        </p>
        <ul className={styles.list}>
          {categories.map((category) => (
            <li key={category.slug} className={styles.card}>
              <img
                src={IMAGES[category.slug] ?? "/images/prescription-service.svg"}
                alt=""
                width={120}
                height={120}
                className={styles.image}
              />
              <div className={styles.body}>
                <h2 className={styles.title}>
                  <a href={`/treatments/${category.slug}`} className={styles.link}>
                    {category.name}
                  </a>
                </h2>
                <p className={styles.headline}>{category.headline}</p>
                <p className={styles.text}>{category.description}</p>
              </div>
              <ChevronRightIcon className={styles.arrow} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
