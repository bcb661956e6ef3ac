"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { onConsentSettingsOpen, readConsent, writeConsent, type ConsentChoice } from "@/lib/client/consent";
import styles from "./cookie-banner.module.css";

/**
 * The cookie choice (PECR): shown until the visitor chooses, and again from the footer's
 * "Cookie settings". Accept and Reject are the same size and style. Rendered only after
 * hydration, fixed at the bottom of the screen, so prerendered pages neither change nor shift.
 */
export function CookieBanner() {
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState<ConsentChoice | null>(null);
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const choice = readConsent();
    setCurrent(choice);
    if (!choice) setOpen(true);
    return onConsentSettingsOpen(() => {
      setCurrent(readConsent());
      setOpen(true);
      requestAnimationFrame(() => regionRef.current?.focus());
    });
  }, []);

  if (!open) return null;

  function choose(choice: ConsentChoice) {
    writeConsent(choice);
    setCurrent(choice);
    setOpen(false);
  }

  return (
    <section ref={regionRef} className={styles.banner} aria-labelledby="cookie-banner-heading" tabIndex={-1}>
      <div className={styles.inner}>
        <div className={styles.text}>
          <h2 id="cookie-banner-heading" className={styles.heading}>
            Cookies on this site
          </h2>
          <p>
            We use cookies that are needed to run the site (your cart and signing in). We would only add others, such as analytics, with your consent.{" "}
            <Link href="/cookies">How we use cookies</Link>
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
