import { createHash } from "node:crypto";
import { contentSecurityPolicy } from "@/lib/security/static-content-security-policy.mjs";
import { LOADER_SCRIPT } from "./loader-script-source";

/**
 * The Content-Security-Policy of dynamically rendered pages (proxy.ts): scripts only with this
 * response's nonce — Next.js puts it on its own scripts when it finds it in the request's
 * policy — or, for the loader script in the root layout, its hash; 'strict-dynamic' lets those
 * load the page's chunks. No 'unsafe-inline' for scripts. Prerendered pages cannot carry a
 * per-response nonce: they keep the static policy server/serve.mjs adds (the same directives
 * apart from script-src: lib/security/static-content-security-policy.mjs; see docs/security.md).
 * Styles keep 'unsafe-inline': React renders style attributes, which nonces do not cover.
 */
export function nonceContentSecurityPolicy(nonce: string, { dev = false, production = false } = {}): string {
  return contentSecurityPolicy({ scriptSrc: `'self' 'nonce-${nonce}' 'strict-dynamic' '${LOADER_SCRIPT_HASH}'`, dev, production });
}

export const LOADER_SCRIPT_HASH = `sha256-${createHash("sha256").update(LOADER_SCRIPT).digest("base64")}`;

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
