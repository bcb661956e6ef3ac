/**
 * Sends the browser to the hosted checkout page the server opened. A module of its own so
 * component tests can replace it (jsdom cannot navigate, and its location is read-only).
 */
export function openCheckout(url: string): void {
  window.location.href = url;
}
