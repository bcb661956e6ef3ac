"use client";

import { useSyncExternalStore } from "react";
import { hasSignedInHint, SIGNED_IN_HINT_EVENT } from "@/lib/auth/signed-in-hint";

// Read again when the page is shown from the back/forward cache, the tab comes back into
// view (the visitor may have signed in or out elsewhere since) or script drops the hint.
function subscribe(onChange: () => void) {
  window.addEventListener("pageshow", onChange);
  window.addEventListener(SIGNED_IN_HINT_EVENT, onChange);
  document.addEventListener("visibilitychange", onChange);
  return () => {
    window.removeEventListener("pageshow", onChange);
    window.removeEventListener(SIGNED_IN_HINT_EVENT, onChange);
    document.removeEventListener("visibilitychange", onChange);
  };
}

const readHint = () => hasSignedInHint(document.cookie);
// The server (and the first render in the browser) always says "Login": pages stay static.
const signedOut = () => false;

/**
 * "Login" for visitors, "Account" once this browser has signed in (the signed_in hint
 * cookie), swapped after hydration. Only the label and target change; /dashboard checks
 * the session itself.
 */
export function AccountLink({ className }: { className?: string }) {
  const isSignedIn = useSyncExternalStore(subscribe, readHint, signedOut);
  return (
    <a href={isSignedIn ? "/dashboard" : "/login"} className={className}>
      {isSignedIn ? "Account" : "Login"}
    </a>
  );
}
