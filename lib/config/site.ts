import "server-only";
import { env } from "@/lib/env";

export type SiteConfig = {
  name: string;
  url: string;
  description: string;
  contact: { email: string; phone: string; address: string };
  social: { label: string; href: string; network: "facebook" | "x" | "instagram" }[];
  /** Regulatory facts; each is the configured value, or a marked placeholder naming its variable. */
  compliance: {
    gphcPremisesNumber: string;
    superintendentPharmacist: string;
    cqcRegistration: string;
    companyName: string;
    companyNumber: string;
    companyAddress: string;
    /** The keys above still showing placeholders (nothing configured). */
    placeholders: ComplianceKey[];
  };
};

export type ComplianceKey = "gphcPremisesNumber" | "superintendentPharmacist" | "cqcRegistration" | "companyName" | "companyNumber" | "companyAddress";

const COMPLIANCE_VARS: Record<ComplianceKey, string> = {
  gphcPremisesNumber: "GPHC_PREMISES_NUMBER",
  superintendentPharmacist: "SUPERINTENDENT_PHARMACIST",
  cqcRegistration: "CQC_REGISTRATION",
  companyName: "COMPANY_NAME",
  companyNumber: "COMPANY_NUMBER",
  companyAddress: "COMPANY_ADDRESS",
};

/** What an unset regulatory fact shows: unmistakably a placeholder, naming the setting to fill in. */
function compliancePlaceholder(key: ComplianceKey): string {
  return `[Placeholder: set ${COMPLIANCE_VARS[key]}]`;
}

/** Public facts about the business, from configuration (see docs/configuration.md). */
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
    compliance: complianceFrom({
      gphcPremisesNumber: e.GPHC_PREMISES_NUMBER,
      superintendentPharmacist: e.SUPERINTENDENT_PHARMACIST,
      cqcRegistration: e.CQC_REGISTRATION,
      companyName: e.COMPANY_NAME,
      companyNumber: e.COMPANY_NUMBER,
      companyAddress: e.COMPANY_ADDRESS,
    }),
  };
}

function complianceFrom(values: Record<ComplianceKey, string | undefined>): SiteConfig["compliance"] {
  const keys = Object.keys(values) as ComplianceKey[];
  const filled = Object.fromEntries(keys.map((key) => [key, values[key] ?? compliancePlaceholder(key)])) as Record<ComplianceKey, string>;
  return { ...filled, placeholders: keys.filter((key) => values[key] === undefined) };
}
