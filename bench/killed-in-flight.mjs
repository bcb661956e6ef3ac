// The instance-stop step's allowance for SIGKILL (bench/instance-stop.mjs): the answers a killed
// instance may cost are those of the requests in flight on it, which nginx had sent it and not
// yet heard back from, not every connection the load holds open. nginx's JSON access log
// (deploy/nginx/clinic.conf.template) says which: a request whose first upstream attempt went to
// the killed instance and failed (no status of its own: 502, 504 or none), and which was under
// way at the kill (it ended after the signal was sent and began before the process had exited;
// one that began later was refused a connection, never in flight, and nginx tried the other).

const NO_ANSWER = new Set(["502", "504", "-", ""]);

/** @typedef {{ path: string, msec: number | string, seconds: number | string, upstream: string, upstreamStatus: string }} AccessLogLine One request in nginx's JSON access log (deploy/nginx/clinic.conf.template). */

/**
 * @param {Iterable<AccessLogLine>} lines
 * @param {{ upstream: string, killedAtMs: number, exitedAtMs: number }} kill
 *   upstream: the killed instance as nginx names it ("127.0.0.1:3301"); the two instants in epoch ms.
 * @returns {{ health: number, other: number }} GET /api/health's requests (the load) and the rest (the bookings).
 */
export function inFlightOnKilled(lines, { upstream, killedAtMs, exitedAtMs }) {
  const counts = { health: 0, other: 0 };
  for (const line of lines) {
    const firstUpstream = (String(line.upstream ?? "").split(/[,:]\s+|\s+:\s+/)[0] ?? "").trim();
    const firstStatus = (String(line.upstreamStatus ?? "").split(/[,:]\s*/)[0] ?? "").trim();
    if (firstUpstream !== upstream || !NO_ANSWER.has(firstStatus)) continue;
    const endedMs = Number(line.msec) * 1000;
    const beganMs = endedMs - Number(line.seconds) * 1000;
    if (!(endedMs >= killedAtMs && beganMs <= exitedAtMs)) continue;
    if (line.path === "/api/health") counts.health += 1;
    else counts.other += 1;
  }
  return counts;
}
