import "server-only";
import { env } from "@/lib/env";
import { addressBucket } from "./address-bucket";

/**
 * The address of the client that made the request, for throttling: every per-address limit
 * (rate limits, the booking hold cap's holder_address_hash) counts this.
 *
 * server/serve.mjs (what `npm start` runs) overwrites X-Forwarded-For with the socket's
 * peer address, or, when TRUST_PROXY=true, appends the peer to the chain the proxy sent.
 * So the right-most entry is always the peer, and a client-sent value is honoured only as
 * far as one trusted proxy vouches for it. A spoofed header cannot change the answer.
 * An IPv6 address counts as its /64 (addressBucket): a client may hold a whole /64.
 */
export function clientAddress(headers: Headers): string {
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const trustedHops = env().TRUST_PROXY ? 1 : 0;
  return addressBucket(chain[Math.max(0, chain.length - 1 - trustedHops)] ?? "unknown");
}
