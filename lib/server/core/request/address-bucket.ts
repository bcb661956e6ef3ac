import "server-only";
import { isIPv4, isIPv6 } from "node:net";

/**
 * What per-address limits count a client address as (issue 22, finding 6). An IPv4 address is
 * itself (an IPv4-mapped IPv6 address, ::ffff:a.b.c.d, is its IPv4 address); an IPv6 address
 * is its /64, written "2001:db8:0:1::/64": one subscriber is given a whole /64 and can pick
 * any address in it, so counting full addresses would leave such a client unlimited.
 * Anything else (e.g. "unknown") is returned unchanged.
 */
export function addressBucket(address: string): string {
  const bare = address.trim().replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = expandIPv6(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, "::" and a trailing dotted IPv4 part expanded. */
function expandIPv6(address: string): number[] {
  const toGroups = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((piece) => {
          if (!piece.includes(".")) return [parseInt(piece, 16)];
          const [a, b, c, d] = piece.split(".").map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = "", tail] = address.split("::");
  const headGroups = toGroups(head);
  if (tail === undefined) return headGroups;
  const tailGroups = toGroups(tail);
  return [...headGroups, ...Array<number>(8 - headGroups.length - tailGroups.length).fill(0), ...tailGroups];
}
