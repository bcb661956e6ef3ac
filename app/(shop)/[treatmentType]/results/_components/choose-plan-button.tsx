"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { announceCartChange } from "@/components/cart/cart-events";
import { readApiBody } from "@/components/forms/read-api-body";
import { apiFetch } from "@/lib/client/api-fetch";

const ADD_FAILED = "We could not add this plan to your cart. Please try again.";

/** "Choose plan": the plan and the passed assessment go to the cart (the server checks both), then the cart. */
export function ChoosePlanButton({ planId, planName, assessmentId }: { planId: string; planName: string; assessmentId: string }) {
  const router = useRouter();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  async function choose() {
    setWorking(true);
    setError(null);
    try {
      const response = await apiFetch("/api/cart", { method: "POST", json: { plan_id: planId, assessment_id: assessmentId } });
      const body = await readApiBody(response);
      if (!response.ok) {
        setError(body.message ?? ADD_FAILED);
        setWorking(false);
        return;
      }
      if (typeof body.item_count === "number") announceCartChange(body.item_count);
      router.push("/cart");
    } catch {
      setError(ADD_FAILED);
      setWorking(false);
    }
  }

  return (
    <>
      <button type="button" className="button" onClick={() => void choose()} disabled={working} aria-describedby={error ? errorId : undefined}>
        {working ? "Adding..." : "Choose plan"}
        <span className="visually-hidden"> {planName}</span>
      </button>
      {error ? (
        <p id={errorId} role="alert" className="form-message-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
