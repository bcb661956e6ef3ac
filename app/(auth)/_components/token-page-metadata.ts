import type { Metadata } from "next";
import { pageMetadata } from "@/lib/seo/page-metadata";

/**
 * Metadata for a page opened from an emailed link whose address carries a single-use token
 * (reset password, verify email): never indexed, and never sent on in a Referer header.
 */
export function tokenPageMetadata(page: { title: string; description: string; path: string }): Metadata {
  return { ...pageMetadata({ ...page, noIndex: true }), referrer: "no-referrer" };
}
