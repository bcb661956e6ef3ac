"use client";

import { useEffect, useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";

type PlanOption = { id: string; name: string; price: number; duration: number; description: string };

export type PlansState = { kind: "loading" } | { kind: "ready"; plans: PlanOption[] } | { kind: "error" };

/** GET /api/plans?treatment_type=… after a 300 ms pause (spec section 9), as the spec's screens do. */
export function usePlans(treatmentType: string): PlansState {
  const [state, setState] = useState<PlansState>({ kind: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const response = await apiFetch(`/api/plans?treatment_type=${encodeURIComponent(treatmentType)}`, { signal: controller.signal });
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { plans: PlanOption[] };
        setState({ kind: "ready", plans: body.plans });
      } catch {
        if (!controller.signal.aborted) setState({ kind: "error" });
      }
    }, 300);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [treatmentType]);
  return state;
}
