"use client";

import { openConsentSettings } from "@/lib/client/consent";

/** The footer's "Cookie settings": the visitor can change their choice at any time. */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={openConsentSettings}>
      Cookie settings
    </button>
  );
}
