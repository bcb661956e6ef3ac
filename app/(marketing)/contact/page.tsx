import type { Metadata } from "next";
import { ContactDetails } from "@/components/layout/contact-details";
import { siteConfig } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { ContactForm } from "./_components/contact-form";
import styles from "./page.module.css";

export const revalidate = 3600;

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Contact Us",
    description: "Questions about an order, a treatment or our service? Send us a message, email or call our UK team.",
    path: "/contact",
  });
}

export default function ContactPage() {
  const site = siteConfig();
  return (
    <div className="section section-cream">
      <div className={`container ${styles.layout}`}>
        <div className={styles.aside}>
          <p className="eyebrow">Contact us</p>
          <h1>We&apos;re here to help</h1>
          <p className="lead">
            Questions about an order, a treatment or your account? Send us a message and our team will reply within
            one working day. For urgent medical advice, call NHS 111 or, in an emergency, 999.
          </p>
          <ContactDetails contact={site.contact} className={styles.details} />
        </div>
        <ContactForm />
      </div>
    </div>
  );
}
