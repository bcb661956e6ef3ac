// A readable, non-secret cookie that only says "this browser has signed in". The server sets
// it beside the HttpOnly session cookie (lib/server/auth/session-response.ts) and clears it
// with it, so static pages can label the header's link "Account" without asking the server.
// It grants nothing: every page and route still checks the session itself.
export const SIGNED_IN_HINT_COOKIE = "signed_in";

/** Fired on window when script changes the hint, so the header's link follows at once. */
export const SIGNED_IN_HINT_EVENT = "signed-in-hint:change";

export function hasSignedInHint(cookieHeader: string): boolean {
  return cookieHeader.split(";").some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}

/** Browser only: drops a hint the server has found stale (the session ended while idle). */
export function clearSignedInHint(): void {
  if (!hasSignedInHint(document.cookie)) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
  window.dispatchEvent(new Event(SIGNED_IN_HINT_EVENT));
}
