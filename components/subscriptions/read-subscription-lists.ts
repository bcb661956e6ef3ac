import { readApiBody } from "@/components/forms/read-api-body";
import { apiFetch } from "@/lib/client/api-fetch";
import type { PlanOffer } from "@/lib/server/catalogue/types";
import type { UserSubscription } from "@/lib/subscriptions/subscription-view";

/** A list as the dashboard holds it: read, or failed to read (never a half list). */
export type Loaded<T> = { state: "error" } | { state: "ready"; value: T };

export const loaded = <T,>(value: T | null): Loaded<T> => (value === null ? { state: "error" } : { state: "ready", value });

/** One list field of a GET answer, or null on any failure (network, status or shape). */
async function readList<T>(path: string, field: string): Promise<T[] | null> {
  try {
    const response = await apiFetch(path);
    const body = await readApiBody(response);
    return response.ok && Array.isArray(body[field]) ? (body[field] as T[]) : null;
  } catch {
    return null;
  }
}

export function readSubscriptions(): Promise<UserSubscription[] | null> {
  return readList<UserSubscription>("/api/user-subscriptions", "subscriptions");
}

/** The plans of every treatment type, in the order given; null when any one list fails. */
export async function readPlans(treatmentTypes: string[]): Promise<PlanOffer[] | null> {
  const lists = await Promise.all(treatmentTypes.map((type) => readList<PlanOffer>(`/api/plans?treatment_type=${encodeURIComponent(type)}`, "plans")));
  return lists.some((list) => list === null) ? null : (lists as PlanOffer[][]).flat();
}
