import { LOADER_SCRIPT } from "@/lib/security/loader-script-source";

// The inline script is allowed by its hash in the nonce-based policy (lib/security/content-security-policy.ts).
export function LoaderScript() {
  return <script dangerouslySetInnerHTML={{ __html: LOADER_SCRIPT }} />;
}
