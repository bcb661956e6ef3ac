const formatter = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** 3199 -> "£31.99". Money is integer pence everywhere; this is the only place it becomes text. */
export function formatPence(pence: number): string {
  return formatter.format(pence / 100);
}
