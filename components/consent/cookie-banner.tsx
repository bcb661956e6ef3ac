"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { onConsentChange, onConsentSettingsOpen, readConsent, writeConsent, type ConsentChoice } from "@/lib/client/consent";
import styles from "./cookie-banner.module.css";

/**
 * The cookie choice (PECR): shown until the visitor chooses, and again from the footer's
 * "Cookie settings". Accept and Reject are the same size and style. The banner is part of
 * every prerendered page but hidden by CSS unless the head script found no choice
 * (html.needs-consent), so it paints with the page (no late paint, no layout shift: it is
 * fixed at the bottom) and the page stays the same for everyone.
 */
const subscribe = (onChange: () => void) => onConsentChange(onChange);

export function CookieBanner() {
  // "unknown" while prerendered (CSS decides), then the cookie as the browser reads it.
  const stored = useSyncExternalStore(subscribe, () => readConsent() ?? "none", () => "unknown" as const);
  const [reopened, setReopened] = useState(false);
  const regionRef = useRef<HTMLElement>(null);

  useEffect(
    () =>
      onConsentSettingsOpen(() => {
        setReopened(true);
        requestAnimationFrame(() => regionRef.current?.focus());
      }),
    [],
  );

  const mode = reopened || stored === "none" ? "open" : stored === "unknown" ? "auto" : "closed";
  const current: ConsentChoice | null = stored === "accepted" || stored === "rejected" ? stored : null;
  if (mode === "closed") return null;

  function choose(choice: ConsentChoice) {
    document.documentElement.classList.remove("needs-consent");
    setReopened(false);
    writeConsent(choice);
  }

  return (
    <section ref={regionRef} className={`${styles.banner} ${mode === "auto" ? styles.auto : ""}`} aria-labelledby="cookie-banner-heading" tabIndex={-1}>
      <div className={styles.inner}>
        <div className={styles.text}>
          <h2 id="cookie-banner-heading" className={styles.heading}>
            Cookies on this site
          </h2>
          <p>
            We use cookies that are needed to run the site (your cart and signing in). We would only add others, such as analytics, with your consent.{" "}
            <a href="/cookies">How we use cookies</a>
            {current ? <> (your current choice: {current === "accepted" ? "accepted" : "rejected"}).</> : "."}
          </p>
        </div>
        <div className={styles.actions}>
          <button type="button" className={`button ${styles.choice}`} onClick={() => choose("accepted")}>
            Accept all
          </button>
          <button type="button" className={`button ${styles.choice}`} onClick={() => choose("rejected")}>
            Reject non-essential
          </button>
        </div>
      </div>
    </section>
  );
}
