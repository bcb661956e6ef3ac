"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { readApiBody } from "@/components/forms/read-api-body";
import { SLOT_LABELS } from "@/lib/booking/calendar-rules";
import type { SlotAvailability } from "@/lib/booking/types";
import { apiFetch } from "@/lib/client/api-fetch";
import { SLOTS_LOAD_FAILED } from "./schedule-messages";

export type SlotsState =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "ready"; times: string[] }
  | { kind: "error"; message: string };

/** The labels still free, in the day's order; anything not a known slot label is dropped. */
function availableTimes(slots: unknown): string[] | null {
  if (!Array.isArray(slots)) return null;
  const free = new Set(
    (slots as Partial<SlotAvailability>[]).filter((slot) => slot?.available === true).map((slot) => slot.time),
  );
  return SLOT_LABELS.filter((label) => free.has(label));
}

/**
 * The free times of one date and consultation type (GET /api/consultations/availability).
 * Only the latest request counts: picking another date aborts the one in flight.
 */
export function useSlots() {
  const [state, setState] = useState<SlotsState>({ kind: "idle" });
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const clear = useCallback(() => {
    inFlight.current?.abort();
    setState({ kind: "idle" });
  }, []);

  /** Resolves to the free times, or null when they could not be loaded (or were superseded). */
  const load = useCallback(async (date: string, type: string): Promise<string[] | null> => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ kind: "loading" });
    const query = new URLSearchParams({ date, ...(type ? { type } : {}) });
    try {
      const response = await apiFetch(`/api/consultations/availability?${query}`, { signal: controller.signal });
      const body = await readApiBody(response);
      if (controller.signal.aborted) return null;
      const times = response.ok ? availableTimes(body.slots) : null;
      setState(times ? { kind: "ready", times } : { kind: "error", message: body.message ?? SLOTS_LOAD_FAILED });
      return times;
    } catch {
      if (!controller.signal.aborted) setState({ kind: "error", message: SLOTS_LOAD_FAILED });
      return null;
    }
  }, []);

  return { state, load, clear };
}
