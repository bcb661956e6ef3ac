/**
 * A full page load of a path on this site. Used after sign-in and sign-out so every server
 * component (header, guards, cart) renders afresh for the new session; a module of its own
 * so component tests can replace it (jsdom cannot navigate).
 */
export function navigateTo(path: string): void {
  window.location.assign(path);
}
