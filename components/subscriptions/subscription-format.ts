import { formatLongDate } from "@/lib/format/dates";

// The words and figures the subscriptions dashboard shows: shared by the table, the cards and
// the plans list so each states a price, a duration and a date the same way.

export const money = (pounds: number | string) => `£${Number(pounds).toFixed(2)}`;
export const months = (n: number) => `${n} ${n === 1 ? "month" : "months"}`;
export const periodEndLabel = (iso: string | null) => (iso ? formatLongDate(iso) : "N/A");
