import "server-only";
import { asBody } from "./as-body";

export type ImageResponseInput = {
  bytes: Buffer;
  contentType: string;
  /** The display name; its extension is made to match the content type. */
  filename: string;
  disposition: "inline" | "attachment";
};

const EXTENSION_BY_TYPE: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "application/pdf": "pdf" };

/**
 * A response for a stored private file, to be sent only after the caller has checked that
 * the requester owns it or is staff. The headers keep the browser from sniffing it as
 * anything else, running anything in it, caching it, or letting other sites embed it.
 */
export function imageResponse({ bytes, contentType, filename, disposition }: ImageResponseInput): Response {
  const name = withExtension(filename, EXTENSION_BY_TYPE[contentType]);
  return new Response(asBody(bytes), {
    status: 200,
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(bytes.length),
      "Content-Disposition": contentDisposition(disposition, name),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
      "Referrer-Policy": "no-referrer",
    },
  });
}

/** RFC 6266: an ASCII fallback `filename` plus the exact UTF-8 name in `filename*` (RFC 8187). */
export function contentDisposition(disposition: "inline" | "attachment", filename: string): string {
  const stripped = filename.normalize("NFKD").replace(/[^\x20-\x7e]/g, "").replace(/["\\%;]/g, "_").trim();
  const ascii = !stripped || stripped.startsWith(".") ? `file${stripped}` : stripped;
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function withExtension(filename: string, extension: string | undefined) {
  if (!extension) return filename;
  const base = filename.replace(/\.[A-Za-z0-9]{1,10}$/, "") || "photo";
  return `${base}.${extension}`;
}
