import "server-only";
import type { NextRequest } from "next/server";
import { env } from "@/lib/env";
import { AppError } from "@/lib/server/core/errors/app-error";

/**
 * Refuses state-changing requests that a browser made from another site. Browsers send
 * Origin (and Sec-Fetch-Site) on cross-site writes; non-browser clients send neither and
 * are authenticated by other means, so a missing header is allowed here.
 */
export function assertSameOrigin(req: NextRequest) {
  const site = req.headers.get("sec-fetch-site");
  if (site === "cross-site") throw forbidden();
  const origin = req.headers.get("origin");
  if (origin === null) return;
  // "null" is what a sandboxed frame or a privacy-redirected request sends.
  if (origin === "null") throw forbidden();
  const forwarded = env().TRUST_PROXY ? req.headers.get("x-forwarded-host") : null;
  const host = forwarded ?? req.headers.get("host");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw forbidden();
  }
  if (originHost !== host) throw forbidden();
}

function forbidden() {
  return new AppError("forbidden", "This request must come from this website.");
}
