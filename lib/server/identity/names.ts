import "server-only";

// Matching a document's name against the name a patient typed: case, accents, punctuation and
// extra spaces do not count; the order of the parts does not count ("Morgan Alex"); a middle
// name on the document the patient left out does not count. Every part the patient typed must
// be on the document, and the document's first given name and every part of its surname must
// be in what the patient typed, so a different surname ("Morgan-Smith") never matches.

/** Lower-case letters and digits, accents removed, split into parts at spaces, hyphens and dots. */
function nameParts(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’‘`]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The name as compared, for display in facts ("alex morgan"). */
export function normaliseName(name: string): string {
  return nameParts(name).join(" ");
}

export function documentNameMatches(document: { firstName: string; lastName: string }, given: string): boolean {
  const typed = nameParts(given);
  const first = nameParts(document.firstName);
  const last = nameParts(document.lastName);
  if (!typed.length || !first.length || !last.length) return false;
  const onDocument = new Set([...first, ...last]);
  return typed.every((part) => onDocument.has(part)) && typed.includes(first[0]!) && last.every((part) => typed.includes(part));
}
