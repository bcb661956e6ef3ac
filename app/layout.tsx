import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { CookieBanner } from "@/components/consent/cookie-banner";
import { LoaderScript } from "@/components/layout/loader-script";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SiteLoader } from "@/components/layout/site-loader";
import { JsonLd } from "@/components/seo/json-ld";
import { siteConfig } from "@/lib/config/site";
import { organizationJsonLd } from "@/lib/seo/organization-json-ld";
import "./globals.css";

export function generateMetadata(): Metadata {
  const site = siteConfig();
  return {
    metadataBase: new URL(site.url),
    title: { default: `${site.name} | Online hair loss clinic and pharmacy`, template: `%s | ${site.name}` },
    description: site.description,
    applicationName: site.name,
    openGraph: { type: "website", locale: "en_GB", siteName: site.name, description: site.description },
    formatDetection: { telephone: false, address: false, email: false },
  };
}

export const viewport: Viewport = {
  themeColor: "#1f4d3f",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  const site = siteConfig();
  return (
    // The loader script adds classes to <html> before hydration.
    <html lang="en-GB" suppressHydrationWarning>
      <head>
        <LoaderScript />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        <SiteLoader />
        <SiteHeader siteName={site.name} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter site={site} />
        <CookieBanner />
        <JsonLd data={organizationJsonLd()} />
      </body>
    </html>
  );
}
