import "server-only";
import { BlockList, isIP } from "node:net";
import { env } from "@/lib/env";

// Headers a reverse proxy adds. server/serve.mjs replaces X-Forwarded-For with the socket's
// peer, but a proxy on this machine (peer 127.0.0.1) that forwards strangers' requests may
// still announce itself with one of these. (Not X-Forwarded-Host/-Proto: Next.js sets those
// on every request itself.)
const PROXY_HEADERS = ["forwarded", "via", "x-real-ip"];

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/**
 * True only for a request whose socket peer is this machine (loopback) and that did not
 * come through a proxy: never with TRUST_PROXY (every request then comes via the proxy),
 * never with a forwarding chain or a proxy's headers. server/serve.mjs makes
 * X-Forwarded-For exactly the peer address without TRUST_PROXY, so a client cannot fake it.
 * For pages that must not be reachable from the network (the development outbox).
 */
export function isLocalRequest(headers: Headers): boolean {
  if (env().TRUST_PROXY) return false;
  if (PROXY_HEADERS.some((name) => headers.has(name))) return false;
  const chain = (headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
  return chain.length === 1 && isLoopbackAddress(chain[0] ?? "");
}

/** 127.0.0.0/8, ::1, and IPv4-mapped 127.x (how node reports IPv4 peers on a dual-stack socket). */
export function isLoopbackAddress(address: string): boolean {
  const unmapped = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  const family = isIP(unmapped);
  if (family === 4) return loopback.check(unmapped, "ipv4");
  return family === 6 && loopback.check(unmapped, "ipv6");
}
