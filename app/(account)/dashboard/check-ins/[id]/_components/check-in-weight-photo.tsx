"use client";

import { useState, type ChangeEvent } from "react";
import { photoProblem } from "@/components/forms/photo-problem";
import { readApiBody } from "@/components/forms/read-api-body";
import { apiFetch } from "@/lib/client/api-fetch";
import styles from "./check-in-form.module.css";

/**
 * The scales photo a weight-loss medicine's check-in needs (full length, today's date
 * handwritten): sent as soon as it is chosen, stored like an order's weight photo, and seen only
 * by the prescriber who verifies the weight from it. The check-in is refused without one.
 */
export function CheckInWeightPhoto({ checkInId, sent, error, disabled }: { checkInId: string; sent: number; error?: string; disabled: boolean }) {
  const [count, setCount] = useState(sent);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? (count > 0 ? null : (error ?? null));

  async function send(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    const wrong = photoProblem(file);
    if (wrong) return setProblem(wrong);
    const payload = new FormData();
    payload.append("photo", file!);
    setBusy(true);
    setProblem(null);
    try {
      const response = await apiFetch(`/api/check-ins/${checkInId}/weight-photo`, { form: payload });
      const body = await readApiBody(response);
      if (!response.ok) return setProblem(body.message ?? "We could not send your photo. Please try again.");
      setCount((value) => value + 1);
      input.value = "";
    } catch {
      setProblem("We could not reach the server. Please check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="field">
      <label htmlFor="check-in-weight-photo" className="field-label">
        Your scales photo
      </label>
      <ol id="check-in-weight-photo-instructions" className={styles.hint}>
        <li>Stand on your scales, barefoot, in light clothing.</li>
        <li>Hold a piece of paper with today&apos;s date handwritten on it.</li>
        <li>Ask someone to take one full-length photo showing all of you, the paper and the reading on the scales.</li>
      </ol>
      <p id="check-in-weight-photo-hint" className={styles.hint}>
        JPEG or PNG, up to 10 MB. It is sent as soon as you choose it; only our prescribers see it.
      </p>
      <input
        id="check-in-weight-photo"
        name="photo"
        type="file"
        accept="image/jpeg,image/png"
        onChange={send}
        disabled={disabled || busy}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`check-in-weight-photo-instructions check-in-weight-photo-hint check-in-weight-photo-status${shown ? " check-in-weight-photo-error" : ""}`}
      />
      <p id="check-in-weight-photo-status" role="status" className={styles.hint}>
        {busy ? "Sending your photo…" : count > 0 ? `Photo received (${count} sent). You may send a clearer one.` : ""}
      </p>
      {shown ? (
        <p id="check-in-weight-photo-error" className="field-error">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
