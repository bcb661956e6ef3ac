import type { Metadata } from "next";
import { siteConfig } from "@/lib/config/site";

type PageMetadataInput = {
  /** Page title without the site name; the root layout's template appends it. */
  title: string;
  description: string;
  /** Path from the site root, e.g. "/about"; made absolute through metadataBase. */
  path: string;
  noIndex?: boolean;
};

/** Title, description, canonical URL and Open Graph for one page. */
export function pageMetadata({ title, description, path, noIndex = false }: PageMetadataInput): Metadata {
  const { name } = siteConfig();
  const fullTitle = path === "/" ? title : `${title} | ${name}`;
  return {
    title: path === "/" ? { absolute: title } : title,
    description,
    // A page kept out of the index gets no canonical: the two signals would contradict each other.
    ...(noIndex ? {} : { alternates: { canonical: path } }),
    openGraph: {
      type: "website",
      locale: "en_GB",
      siteName: name,
      title: fullTitle,
      description,
      url: path,
    },
    twitter: { card: "summary", title: fullTitle, description },
    ...(noIndex ? { robots: { index: false, follow: true } } : {}),
  };
}
