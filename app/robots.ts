import type { MetadataRoute } from "next";
import { absoluteUrl } from "@/lib/seo/absolute-url";

/** Crawl everything public; keep carts, checkout, accounts, staff pages and the API out. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: ["/api/", "/cart", "/dashboard", "/prescription/", "/reset-password", "/unlock-sign-in", "/verify-email", "/consultation/confirmation", "/dev/", "/staff", "/rx/"],
    },
    sitemap: absoluteUrl("/sitemap.xml"),
  };
}
