import "server-only";
import { env } from "@/lib/env";

export type SiteConfig = {
  name: string;
  url: string;
  description: string;
  contact: { email: string; phone: string; address: string };
  social: { label: string; href: string; network: "facebook" | "x" | "instagram" }[];
  compliance: { gphcPremisesNumber: string; superintendentPharmacist: string; cqcRegistration: string };
  newsletterCode: string;
};

/** Public facts about the business, from configuration (see README, "Configuration"). */
export function siteConfig(): SiteConfig {
  const e = env();
  return {
    name: e.SITE_NAME,
    url: e.SITE_URL.replace(/\/$/, ""),
    description:
      "UK online clinic and pharmacy for hair loss: assessments, consultations and treatments reviewed by our pharmacists, delivered to your door.",
    contact: { email: e.CONTACT_EMAIL, phone: e.CONTACT_PHONE, address: e.CONTACT_ADDRESS },
    social: [
      { label: "Facebook", network: "facebook", href: e.SOCIAL_FACEBOOK_URL ?? "https://www.facebook.com/" },
      { label: "X", network: "x", href: e.SOCIAL_X_URL ?? "https://x.com/" },
      { label: "Instagram", network: "instagram", href: e.SOCIAL_INSTAGRAM_URL ?? "https://www.instagram.com/" },
    ],
    compliance: {
      gphcPremisesNumber: e.GPHC_PREMISES_NUMBER,
      superintendentPharmacist: e.SUPERINTENDENT_PHARMACIST,
      cqcRegistration: e.CQC_REGISTRATION,
    },
    newsletterCode: e.NEWSLETTER_DISCOUNT_CODE,
  };
}
