/** JSON for a <script type="application/ld+json">, with "<" escaped so no value can close the tag. */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
