import { staticContentSecurityPolicy } from "@/lib/security/static-content-security-policy.mjs";
import { LOADER_SCRIPT_HASH, newNonce, nonceContentSecurityPolicy } from "./content-security-policy";

const directives = (policy: string) => new Map(policy.split("; ").map((d) => [d.split(" ")[0], d] as const));

describe("the nonce-based policy of dynamically rendered pages", () => {
  it("allows scripts only by this response's nonce or the loader's hash, never 'unsafe-inline'", () => {
    const nonce = newNonce();
    const scriptSrc = directives(nonceContentSecurityPolicy(nonce)).get("script-src")!;
    expect(scriptSrc).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic' '${LOADER_SCRIPT_HASH}'`);
    expect(newNonce()).not.toBe(nonce);
  });

  it("has every other directive of the static policy, in development and production too", () => {
    for (const options of [{}, { dev: true }, { production: true }]) {
      const nonce = directives(nonceContentSecurityPolicy("n", options));
      const fixed = directives(staticContentSecurityPolicy(options));
      nonce.delete("script-src");
      fixed.delete("script-src");
      expect(nonce).toEqual(fixed);
    }
  });
});
