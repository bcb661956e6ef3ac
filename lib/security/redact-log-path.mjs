// A prescription's reference (RX-7K3Q-9DMW-T4HB, lib/server/prescription-review/rx-reference.ts)
// is the only secret behind its public verification page (/rx/{reference}), so no access log
// may keep it: server/serve.mjs logs paths through redactLogPath, and nginx's access log
// (deploy/nginx/clinic.conf.template, map $clinic_log_path) redacts the same way.

/** The reference's shape; nginx's map uses the same pattern, case-insensitively. */
export const PRESCRIPTION_REFERENCE_SOURCE = "RX-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}";
export const REDACTED_REFERENCE = "RX-[redacted]";

const REFERENCE = new RegExp(PRESCRIPTION_REFERENCE_SOURCE);

/**
 * `path` (raw, as in req.url, without its query string) with every segment that holds a
 * prescription reference replaced by RX-[redacted]. A segment is read as the page would
 * read it (Next.js decodes route params; lib/validation/rx.ts upper-cases), so neither
 * "rx-7k3q-…" nor "RX%2D7K3Q…" slips through. Other segments are kept byte for byte.
 * @param {string} path
 * @returns {string}
 */
export function redactLogPath(path) {
  return path
    .split("/")
    .map((segment) => (REFERENCE.test(decodeSegment(segment).toUpperCase()) ? REDACTED_REFERENCE : segment))
    .join("/");
}

/** @param {string} segment */
function decodeSegment(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Malformed escapes elsewhere in the segment: decode the ASCII ones a reference is made of.
    return segment.replace(/%([0-7][0-9A-F])/gi, (_, /** @type {string} */ hex) => String.fromCharCode(parseInt(hex, 16)));
  }
}
