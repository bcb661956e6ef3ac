"use client";

import { Fragment, useCallback, useEffect, useRef, useState } from "react";
import { readApiBody } from "@/components/forms/read-api-body";
import { apiFetch } from "@/lib/client/api-fetch";
import type { PlanOffer } from "@/lib/server/catalogue/types";
import { subscriptionNextStep, type UserSubscription } from "@/lib/subscriptions/subscription-view";
import { SubscribeButton } from "./subscribe-button";
import styles from "./subscriptions-manager.module.css";

// The dashboard's "Your Subscriptions" (spec sections 2, 4 and 7): the patient's
// subscriptions (a table on desktop, cards on mobile) with one-step cancel, pause, skip and
// resume, and the plans on offer with Subscribe. The page renders both lists on the server;
// after an action they are reloaded from GET /api/user-subscriptions and GET /api/plans, once,
// 300 ms after the last action (spec section 9: the plan list load is debounced by 300 ms).

export const LOAD_FAILED = "Failed to load subscriptions. Please try again later.";
export const CANCEL_CONFIRM = "Are you sure you want to cancel this subscription?";
export const CANCEL_SUCCESS = "Subscription canceled successfully.";
export const CANCEL_FAILED = "Failed to cancel subscription.";
export const RELOAD_DEBOUNCE_MS = 300;

type Loaded<T> = { state: "error" } | { state: "ready"; value: T };
type Action = "pause" | "resume" | "skip";

const money = (pounds: number | string) => `£${Number(pounds).toFixed(2)}`;
const months = (n: number) => `${n} ${n === 1 ? "month" : "months"}`;
const dateLabel = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });
const statusLabel = (status: string) => status.replace(/_/g, " ");
const loaded = <T,>(value: T | null): Loaded<T> => (value === null ? { state: "error" } : { state: "ready", value });

const ACTION_LABEL: Record<Action, string> = { pause: "Pause", resume: "Resume", skip: "Skip next renewal" };
const ACTION_FAILED: Record<Action, string> = {
  pause: "We could not pause your subscription. Please try again.",
  resume: "We could not resume your subscription. Please try again.",
  skip: "We could not skip your next renewal. Please try again.",
};

async function readList<T>(path: string, field: string): Promise<T[] | null> {
  try {
    const response = await apiFetch(path);
    const body = await readApiBody(response);
    return response.ok && Array.isArray(body[field]) ? (body[field] as T[]) : null;
  } catch {
    return null;
  }
}

async function readPlans(treatmentTypes: string[]): Promise<PlanOffer[] | null> {
  const lists = await Promise.all(treatmentTypes.map((type) => readList<PlanOffer>(`/api/plans?treatment_type=${encodeURIComponent(type)}`, "plans")));
  return lists.some((list) => list === null) ? null : (lists as PlanOffer[][]).flat();
}

type Props = {
  /** The patient's subscriptions, rendered on the server; null when they could not be read. */
  subscriptions: UserSubscription[] | null;
  /** The plans on offer, rendered on the server; null when they could not be read. */
  plans: PlanOffer[] | null;
  /** The treatment types those plans belong to (reloaded by these keys after an action). */
  planTreatmentTypes: string[];
  contactEmail: string;
};

export function SubscriptionsManager({ subscriptions: initialSubscriptions, plans: initialPlans, planTreatmentTypes, contactEmail }: Props) {
  const [subscriptions, setSubscriptions] = useState<Loaded<UserSubscription[]>>(() => loaded(initialSubscriptions));
  const [plans, setPlans] = useState<Loaded<PlanOffer[]>>(() => loaded(initialPlans));
  const [working, setWorking] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestReload = useRef(0);

  useEffect(
    () => () => {
      clearTimeout(reloadTimer.current);
      latestReload.current = -1;
    },
    [],
  );

  /** Reloads both lists once, RELOAD_DEBOUNCE_MS after the last call; an older answer never overwrites a newer one. */
  const scheduleReload = useCallback(() => {
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(async () => {
      const reload = ++latestReload.current;
      const [nextSubscriptions, nextPlans] = await Promise.all([readList<UserSubscription>("/api/user-subscriptions", "subscriptions"), readPlans(planTreatmentTypes)]);
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

  async function change(subscription: UserSubscription, action: Action) {
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

  function actions(subscription: UserSubscription) {
    const running = subscription.status === "active" && !subscription.cancel_at_period_end;
    const ended = subscription.status === "canceled" || subscription.cancel_at_period_end;
    const available: Action[] = !running ? [] : subscription.paused || subscription.skipped_until ? ["resume"] : ["pause", "skip"];
    const busy = working === subscription.id;
    return (
      <div className={styles.actions}>
        {available.map((action) => (
          <button key={action} type="button" className="button button-secondary" disabled={busy} onClick={() => void change(subscription, action)}>
            {ACTION_LABEL[action]}
            <span className="visually-hidden"> subscription {subscription.stripe_subscription_id}</span>
          </button>
        ))}
        {ended ? null : (
          <button type="button" className={`button ${styles.cancel}`} disabled={busy} onClick={() => void cancel(subscription)}>
            Cancel
            <span className="visually-hidden"> subscription {subscription.stripe_subscription_id}</span>
          </button>
        )}
      </div>
    );
  }

  const badge = (status: string) => (
    <span className={`${styles.badge} ${status === "active" ? styles.badgeActive : status === "canceled" ? styles.badgeCanceled : styles.badgeWarning}`}>{statusLabel(status)}</span>
  );

  return (
    <div className={styles.page}>
      <section aria-labelledby="your-subscriptions-heading" className={styles.section}>
        <h2 id="your-subscriptions-heading" className="visually-hidden">
          Subscriptions
        </h2>
        <div aria-live="polite" className={styles.live}>
          {notice ? <p className={notice.error ? "form-message-error" : styles.success}>{notice.text}</p> : null}
        </div>
        {subscriptions.state === "error" ? (
          <p role="alert" className="form-message-error">
            {LOAD_FAILED}
          </p>
        ) : null}
        {subscriptions.state === "ready" && subscriptions.value.length === 0 ? <p>You have no active subscriptions.</p> : null}
        {subscriptions.state === "ready" && subscriptions.value.length > 0 ? (
          <>
            {/* Focusable, so keyboard users can scroll it sideways when the table is wider than the page. */}
            <div className={styles.tableWrap} role="region" aria-labelledby="subscriptions-table-caption" tabIndex={0}>
              <table className={styles.table}>
                <caption id="subscriptions-table-caption" className="visually-hidden">
                  Your subscriptions
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Subscription ID</th>
                    <th scope="col">Treatment Type</th>
                    <th scope="col">Price</th>
                    <th scope="col">Duration</th>
                    <th scope="col">Status</th>
                    <th scope="col">Period End</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {subscriptions.value.map((subscription) => (
                    <Fragment key={subscription.id}>
                      <tr className={styles.mainRow}>
                        <td className={styles.id}>{subscription.stripe_subscription_id}</td>
                        <td>{subscription.treatment_type}</td>
                        <td>{money(subscription.price)}</td>
                        <td>{months(subscription.duration)}</td>
                        <td>{badge(subscription.status)}</td>
                        <td>{subscription.current_period_end ? dateLabel(subscription.current_period_end) : "N/A"}</td>
                        <td>{actions(subscription)}</td>
                      </tr>
                      <tr className={styles.noteRow}>
                        <td colSpan={7}>{subscriptionNextStep(subscription, dateLabel)}</td>
                      </tr>
                    </Fragment>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className={styles.cards} aria-label="Your subscriptions">
              {subscriptions.value.map((subscription) => (
                <li key={subscription.id} className={styles.card}>
                  <div className={styles.cardHead}>
                    <h3 className={styles.cardTitle}>{subscription.plan_name}</h3>
                    {badge(subscription.status)}
                  </div>
                  <dl className={styles.facts}>
                    <dt>Subscription ID</dt>
                    <dd className={styles.id}>{subscription.stripe_subscription_id}</dd>
                    <dt>Treatment Type</dt>
                    <dd>{subscription.treatment_type}</dd>
                    <dt>Price</dt>
                    <dd>{money(subscription.price)}</dd>
                    <dt>Duration</dt>
                    <dd>{months(subscription.duration)}</dd>
                    <dt>Period End</dt>
                    <dd>{subscription.current_period_end ? dateLabel(subscription.current_period_end) : "N/A"}</dd>
                  </dl>
                  <p className={styles.next}>{subscriptionNextStep(subscription, dateLabel)}</p>
                  {actions(subscription)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section aria-labelledby="available-plans-heading" className={styles.section}>
        <h2 id="available-plans-heading" className={styles.heading}>
          Available Plans
        </h2>
        {plans.state === "error" ? <p className="form-message-error">We could not load the plans. Please try again later.</p> : null}
        {plans.state === "ready" && plans.value.length === 0 ? <p>No plans are available at the moment.</p> : null}
        {plans.state === "ready" && plans.value.length > 0 ? (
          <ul className={styles.plans}>
            {plans.value.map((plan) => (
              <li key={plan.id} className={styles.plan}>
                <h3 className={styles.cardTitle}>{plan.name}</h3>
                <p className={styles.description}>{plan.description}</p>
                <p className={styles.fact}>Price {money(plan.price)}</p>
                <p className={styles.fact}>Duration: {months(plan.duration)}</p>
                <div className={styles.planAction}>
                  <SubscribeButton planId={plan.id} planName={plan.name} />
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="subscription-terms-heading" className={styles.terms}>
        <h2 id="subscription-terms-heading" className={styles.heading}>
          How subscriptions work
        </h2>
        <ul>
          <li>You pay at the start of each period. We email you 3 days before every renewal with the date and the amount.</li>
          <li>Each renewal is checked by our pharmacist before it is sent, as your first order was.</li>
          <li>Pause, skip the next renewal or cancel here at any time, in one step. Cancelling stops all future payments; you keep what you have paid for until the end of the period.</li>
          <li>
            Cooling-off: you can cancel within 14 days of subscribing and get your money back for any supply we have not sent yet. Medicines that have been dispatched cannot be
            returned, for safety reasons. To ask for a refund, cancel here and email <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
          </li>
        </ul>
      </section>
    </div>
  );
}
