import { siteConfig } from "@/lib/config/site";

/** "/images/x.svg" → "https://example.co.uk/images/x.svg". */
export function absoluteUrl(path: string): string {
  return `${siteConfig().url}${path.startsWith("/") ? path : `/${path}`}`;
}
