"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { onConsentSettingsOpen, readConsent, writeConsent, type ConsentChoice } from "@/lib/client/consent";
import styles from "./cookie-banner.module.css";

/**
 * The cookie choice (PECR): shown until the visitor chooses, and again from the footer's
 * "Cookie settings". Accept and Reject are the same size and style. The banner is part of
 * every prerendered page but hidden by CSS unless the head script found no choice
 * (html.needs-consent), so it paints with the page (no late paint, no layout shift: it is
 * fixed at the bottom) and the page stays the same for everyone.
 */
export function CookieBanner() {
  // "auto": as prerendered, CSS decides; then open or closed once the browser has read the cookie.
  const [mode, setMode] = useState<"auto" | "open" | "closed">("auto");
  const [current, setCurrent] = useState<ConsentChoice | null>(null);
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const choice = readConsent();
    setCurrent(choice);
    setMode(choice ? "closed" : "open");
    return onConsentSettingsOpen(() => {
      setCurrent(readConsent());
      setMode("open");
      requestAnimationFrame(() => regionRef.current?.focus());
    });
  }, []);

  if (mode === "closed") return null;

  function choose(choice: ConsentChoice) {
    writeConsent(choice);
    document.documentElement.classList.remove("needs-consent");
    setCurrent(choice);
    setMode("closed");
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
