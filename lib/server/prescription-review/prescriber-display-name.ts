import "server-only";

/** How a prescriber appears to colleagues: GMC-registered doctors as "Dr …". */
export function prescriberDisplayName(name: string, registrationBody: string | null | undefined): string {
  if (/^dr\.?\s/i.test(name) || registrationBody?.toUpperCase() !== "GMC") return name;
  return `Dr ${name}`;
}
