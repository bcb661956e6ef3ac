// Pure: imported by the discount rules and by the order writers, and unit-tested.

// Mailboxes that ignore dots in the local part (a.b@gmail.com reaches ab@gmail.com).
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The mailbox an address reaches, for the first-order and one-per-friend discount rules:
 * lower-cased, a "+tag" dropped from the local part (name+1@… and name+2@… are one inbox at
 * every large provider), and for Gmail the dots too. Used only to compare customers; the
 * address we write to stays the one they typed. migration 20261125204454_discount_customer_key
 * backfills orders with the same rule in SQL.
 */
export function customerKeyOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain in DOTLESS_DOMAINS) {
    local = local.replaceAll(".", "");
    domain = DOTLESS_DOMAINS[domain]!;
  }
  return `${local}@${domain}`;
}
