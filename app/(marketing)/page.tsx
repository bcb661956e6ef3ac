import type { Metadata } from "next";
import { ExploreMore } from "@/components/catalogue/explore-more";
import { siteConfig } from "@/lib/config/site";
import { listFeaturedProducts } from "@/lib/server/catalogue/queries";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { FeaturedTreatments } from "./_components/featured-treatments";
import { Hero } from "./_components/hero";
import { HowItWorks } from "./_components/how-it-works";
import { Testimonials } from "./_components/testimonials";
import { WhatIsHairLoss } from "./_components/what-is-hair-loss";

export const revalidate = 3600;

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: `${siteConfig().name} | Hair loss treatment online, reviewed by UK pharmacists`,
    description:
      "Online hair loss assessments, doctor consultations and a prescription service from a UK pharmacy. Treatments reviewed by our pharmacists and delivered discreetly.",
    path: "/",
  });
}

export default async function HomePage() {
  const featured = await listFeaturedProducts();
  return (
    <>
      <Hero />
      <FeaturedTreatments products={featured} />
      <div className="section section-cream">
        <div className="container">
          <ExploreMore />
        </div>
      </div>
      <WhatIsHairLoss />
      <Testimonials />
      <HowItWorks />
    </>
  );
}
