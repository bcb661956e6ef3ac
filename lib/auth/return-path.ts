// Where to send someone after signing in. Only a path on this site: an absolute URL, a
// protocol-relative "//host" or a backslash trick would make /login an open redirect.
const DEFAULT_PATH = "/dashboard";

export function safeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > 512) return DEFAULT_PATH;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return DEFAULT_PATH;
  if (/[\u0000-\u001f]/.test(value)) return DEFAULT_PATH;
  return value;
}
