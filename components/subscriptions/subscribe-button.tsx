"use client";

import { useId, useState } from "react";
import { readApiBody } from "@/components/forms/read-api-body";
import { apiFetch } from "@/lib/client/api-fetch";
import { openCheckout } from "@/lib/client/open-checkout";

const SUBSCRIBE_FAILED = "Failed to subscribe. Please try again.";

/**
 * Subscribe: POST /api/subscribe, then the browser follows the returned url (spec section 4):
 * Stripe Checkout, or the treatment's assessment when there is no pass yet. With `path`, the
 * same for another starting point (a prescription request's chosen plan: its own endpoint).
 */
export function SubscribeButton({
  planId,
  planName,
  label = "Subscribe",
  secondary = false,
  path = "/api/subscribe",
}: {
  planId: string;
  planName: string;
  label?: string;
  secondary?: boolean;
  path?: string;
}) {
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  async function subscribe() {
    setWorking(true);
    setError(null);
    try {
      const response = await apiFetch(path, { method: "POST", json: { plan_id: planId } });
      const body = await readApiBody(response);
      if (response.ok && typeof body.url === "string") {
        openCheckout(body.url);
        return;
      }
      setError(response.status >= 500 || !body.message ? SUBSCRIBE_FAILED : `${SUBSCRIBE_FAILED} ${body.message}`);
    } catch {
      setError(SUBSCRIBE_FAILED);
    }
    setWorking(false);
  }

  return (
    <>
      <button type="button" className={secondary ? "button button-secondary" : "button"} onClick={() => void subscribe()} disabled={working} aria-describedby={error ? errorId : undefined}>
        {working ? "Starting..." : label}
        <span className="visually-hidden"> to {planName}</span>
      </button>
      {error ? (
        <p id={errorId} role="alert" className="form-message-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
