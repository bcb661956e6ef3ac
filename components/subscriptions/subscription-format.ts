// The words and figures the subscriptions dashboard shows: shared by the table, the cards and
// the plans list so each states a price, a duration and a date the same way.

export const money = (pounds: number | string) => `£${Number(pounds).toFixed(2)}`;
export const months = (n: number) => `${n} ${n === 1 ? "month" : "months"}`;
export const dateLabel = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });
export const periodEndLabel = (iso: string | null) => (iso ? dateLabel(iso) : "N/A");
