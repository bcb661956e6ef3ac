import { siteConfig } from "@/lib/config/site";
import { absoluteUrl } from "./absolute-url";

/** schema.org Pharmacy (a MedicalBusiness) describing the shop, for the root layout. */
export function organizationJsonLd() {
  const site = siteConfig();
  return {
    "@context": "https://schema.org",
    "@type": "Pharmacy",
    "@id": absoluteUrl("/#organization"),
    name: site.name,
    url: site.url,
    logo: absoluteUrl("/images/logo.svg"),
    image: absoluteUrl("/images/logo.svg"),
    description: site.description,
    email: site.contact.email,
    telephone: site.contact.phone,
    address: { "@type": "PostalAddress", streetAddress: site.contact.address, addressCountry: "GB" },
    areaServed: { "@type": "Country", name: "United Kingdom" },
    currenciesAccepted: "GBP",
    sameAs: site.social.map((link) => link.href),
  };
}
