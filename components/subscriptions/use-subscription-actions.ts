"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { readApiBody } from "@/components/forms/read-api-body";
import { apiFetch } from "@/lib/client/api-fetch";
import type { PlanOffer } from "@/lib/server/catalogue/types";
import type { UserSubscription } from "@/lib/subscriptions/subscription-view";
import { loaded, readPlans, readSubscriptions, type Loaded } from "./read-subscription-lists";

export const CANCEL_CONFIRM = "Are you sure you want to cancel this subscription?";
export const CANCEL_SUCCESS = "Subscription canceled successfully.";
export const CANCEL_FAILED = "Failed to cancel subscription.";
export const RELOAD_DEBOUNCE_MS = 300;

export type SubscriptionAction = "pause" | "resume" | "skip";
export type Notice = { text: string; error: boolean };

const ACTION_FAILED: Record<SubscriptionAction, string> = {
  pause: "We could not pause your subscription. Please try again.",
  resume: "We could not resume your subscription. Please try again.",
  skip: "We could not skip your next renewal. Please try again.",
};

type Input = { subscriptions: UserSubscription[] | null; plans: PlanOffer[] | null; planTreatmentTypes: string[] };

/**
 * The dashboard's subscriptions and plans, and the actions on them. After an action both lists
 * are reloaded once, RELOAD_DEBOUNCE_MS after the last action (spec section 9); an older answer
 * never overwrites a newer one, and nothing is set after unmount.
 */
export function useSubscriptionActions({ subscriptions: initialSubscriptions, plans: initialPlans, planTreatmentTypes }: Input) {
  const [subscriptions, setSubscriptions] = useState<Loaded<UserSubscription[]>>(() => loaded(initialSubscriptions));
  const [plans, setPlans] = useState<Loaded<PlanOffer[]>>(() => loaded(initialPlans));
  const [working, setWorking] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestReload = useRef(0);

  useEffect(
    () => () => {
      clearTimeout(reloadTimer.current);
      latestReload.current = -1;
    },
    [],
  );

  const scheduleReload = useCallback(() => {
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(async () => {
      const reload = ++latestReload.current;
      const [nextSubscriptions, nextPlans] = await Promise.all([readSubscriptions(), readPlans(planTreatmentTypes)]);
      if (reload !== latestReload.current) return;
      setSubscriptions(loaded(nextSubscriptions));
      setPlans(loaded(nextPlans));
    }, RELOAD_DEBOUNCE_MS);
  }, [planTreatmentTypes]);

  async function cancel(subscription: UserSubscription) {
    if (!window.confirm(CANCEL_CONFIRM)) return;
    setWorking(subscription.id);
    setNotice(null);
    try {
      const response = await apiFetch(`/api/subscriptions/${subscription.id}/cancel`, { method: "POST" });
      window.alert(response.ok ? CANCEL_SUCCESS : CANCEL_FAILED);
      setNotice(response.ok ? { text: CANCEL_SUCCESS, error: false } : { text: CANCEL_FAILED, error: true });
    } catch {
      window.alert(CANCEL_FAILED);
      setNotice({ text: CANCEL_FAILED, error: true });
    }
    setWorking(null);
    scheduleReload();
  }

  async function change(subscription: UserSubscription, action: SubscriptionAction) {
    setWorking(subscription.id);
    setNotice(null);
    try {
      const response = await apiFetch(`/api/subscriptions/${subscription.id}/${action}`, { method: "POST" });
      const body = await readApiBody(response);
      setNotice({ text: body.message ?? (response.ok ? "Done." : ACTION_FAILED[action]), error: !response.ok });
    } catch {
      setNotice({ text: ACTION_FAILED[action], error: true });
    }
    setWorking(null);
    scheduleReload();
  }

  return { subscriptions, plans, working, notice, cancel, change };
}
