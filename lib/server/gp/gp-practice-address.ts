import "server-only";

/** The practice's postal address as printed on a letter, one line each. */
export function gpPracticeAddress(row: { addressLine1: string; addressLine2: string | null; town: string; postcode: string }): string {
  return [row.addressLine1, row.addressLine2, row.town, row.postcode].filter((line) => line && line.trim()).join("\n");
}
