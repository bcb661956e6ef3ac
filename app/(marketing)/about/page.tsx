import type { Metadata } from "next";
import { siteConfig } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { OurExperts } from "./_components/our-experts";
import styles from "./page.module.css";

export const revalidate = 3600;

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "About Us",
    description:
      "Who we are: a pharmacist-led UK online clinic and pharmacy for hair loss, with consultations, a prescription service and discreet delivery.",
    path: "/about",
  });
}

export default function AboutPage() {
  const site = siteConfig();
  return (
    <>
      <section className={styles.intro} aria-labelledby="about-heading">
        <div className="container">
          <p className="eyebrow">About us</p>
          <h1 id="about-heading">Expert hair loss care, without the waiting room</h1>
          <p className="lead">
            {site.name} is a UK online clinic and pharmacy. We make it simple to get trusted advice and treatment for
            hair loss, from people who take your health as seriously as you do.
          </p>
        </div>
      </section>
      <div className="section">
        <div className={`container ${styles.columns}`}>
          <section className="prose" aria-labelledby="story-heading">
            <h2 id="story-heading">Our story</h2>
            <p>
              We started {site.name} because getting help with hair loss was harder than it should be. Appointments were
              hard to find, advice online was confusing, and many people felt embarrassed to ask. We wanted a service
              that felt like a good local pharmacy: knowledgeable, friendly and discreet, but open whenever you are.
            </p>
            <p>
              Today you can take an assessment, book a consultation or request a prescription from home, and have your
              treatment delivered to your door in plain packaging.
            </p>
          </section>
          <section className="prose" aria-labelledby="commitment-heading">
            <h2 id="commitment-heading">Our commitment</h2>
            <p>
              Your safety comes first. Every order for a medicine is checked by a pharmacist before it is sent, and if a
              treatment is not right for you we will say so and suggest what to do instead. We only supply licensed
              medicines from UK wholesalers, and we never rush you into a plan.
            </p>
            <p>
              Your health information is private. It is stored securely, seen only by the clinicians who need it, and
              never sold.
            </p>
          </section>
        </div>
      </div>
      <OurExperts compliance={site.compliance} />
      <section className={`section ${styles.cta}`} aria-labelledby="about-cta-heading">
        <div className="container">
          <h2 id="about-cta-heading">Talk to a specialist</h2>
          <p className="lead">Not sure where to start? Book a video consultation and get a personal plan.</p>
          <a href="/consultation" className="button">
            Book a Consultation
          </a>
        </div>
      </section>
    </>
  );
}
