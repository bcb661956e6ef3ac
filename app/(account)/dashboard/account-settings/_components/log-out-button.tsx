"use client";

import { useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { navigateTo } from "@/lib/client/navigate";
import styles from "./log-out-button.module.css";

export const LOGOUT_FAILED = "Logout failed. Please try again.";

/** Ends the session (POST /api/logout), then a full load of /login?fromLogout=true. */
export function LogOutButton() {
  const [state, setState] = useState<"idle" | "working" | "failed">("idle");

  async function logOut() {
    setState("working");
    try {
      const response = await apiFetch("/api/logout", { method: "POST" });
      // 401: the session had already ended (expired, or logged out in another tab).
      if (response.ok || response.status === 401) {
        navigateTo("/login?fromLogout=true");
        return;
      }
      setState("failed");
    } catch {
      setState("failed");
    }
  }

  return (
    <div className={styles.wrapper}>
      <button type="button" className="button button-secondary" onClick={logOut} disabled={state === "working"}>
        {state === "working" ? "Logging out..." : "Log out"}
      </button>
      {state === "failed" ? (
        <p role="alert" className="form-message-error">
          {LOGOUT_FAILED}
        </p>
      ) : null}
    </div>
  );
}
