/** A UUID as PostgreSQL prints it (any version): the one pattern for ids read from URLs, cookies, tokens and provider metadata before they reach a query. */
// Both cases spelled out rather than an "i" flag: the OpenAPI document's generator writes a
// flag into the JSON Schema pattern, where it would break every match.
export const UUID_SOURCE = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

const UUID_PATTERN = new RegExp(`^${UUID_SOURCE}$`);

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}
