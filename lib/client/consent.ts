// The visitor's cookie choice (PECR): kept in a first-party cookie the banner reads in the
// browser, so every page stays prerendered. Nothing non-essential is loaded today; anything
// added later (analytics, say) must wait for readConsent() === "accepted" or onConsentChange.

const CONSENT_COOKIE = "cookie_consent";
const CONSENT_DAYS = 180;
const CHANGE_EVENT = "cookie-consent-change";
const OPEN_EVENT = "cookie-consent-open";

export type ConsentChoice = "accepted" | "rejected";

export function readConsent(cookie: string = document.cookie): ConsentChoice | null {
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === CONSENT_COOKIE && (value === "accepted" || value === "rejected")) return value;
  }
  return null;
}

export function writeConsent(choice: ConsentChoice): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_DAYS * 86_400}; Path=/; SameSite=Lax${secure}`;
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: choice }));
}

/** Calls `listener` whenever the visitor makes or changes their choice; returns the unsubscribe. */
export function onConsentChange(listener: (choice: ConsentChoice) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ConsentChoice>).detail);
  window.addEventListener(CHANGE_EVENT, handler);
  return () => window.removeEventListener(CHANGE_EVENT, handler);
}

/** Opens the banner again (the footer's "Cookie settings"). */
export function openConsentSettings(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

export function onConsentSettingsOpen(listener: () => void): () => void {
  window.addEventListener(OPEN_EVENT, listener);
  return () => window.removeEventListener(OPEN_EVENT, listener);
}
