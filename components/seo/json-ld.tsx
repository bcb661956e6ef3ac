import { serializeJsonLd } from "@/lib/seo/serialize-json-ld";

/** Structured data for search engines; a data block, so it never executes. */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
