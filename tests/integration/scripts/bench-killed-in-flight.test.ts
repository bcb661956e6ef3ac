// The instance-stop step's SIGKILL allowance (bench/killed-in-flight.mjs): the requests nginx's
// access log shows in flight on the killed instance, not every connection of the load.
import { inFlightOnKilled, type AccessLogLine } from "@/bench/killed-in-flight.mjs";

const APP1 = "127.0.0.1:3301";
const APP2 = "127.0.0.1:3302";
const KILLED_AT = 1_800_000_000_000;
const kill = { upstream: APP1, killedAtMs: KILLED_AT, exitedAtMs: KILLED_AT + 15 };
/** A line for a request that began at `began` ms after the kill and took `ms`. */
const line = (began: number, ms: number, upstream: string, upstreamStatus: string, path = "/api/health"): AccessLogLine => ({
  path,
  msec: ((KILLED_AT + began + ms) / 1000).toFixed(3),
  seconds: (ms / 1000).toFixed(3),
  upstream,
  upstreamStatus,
});

it("counts the requests under way on the killed instance at the kill, not the load's connections", () => {
  const lines = [
    // In flight on app-1: nginx's first attempt failed, then app-2 answered, or nothing did.
    line(-40, 60, `${APP1}, ${APP2}`, "502, 200"),
    line(-5, 30, `${APP1}, ${APP2}`, "502, 200"),
    line(-12, 20, APP1, "502"),
    line(-30, 45, APP1, "502", "/api/consultations/pay"),
    // Not in flight: answered by app-1 before the kill, sent to app-2, refused after app-1 had
    // exited (the other instance answered), app-1's own 503 (an answer), and a failure on app-1
    // that ended before this kill (the SIGTERM run's).
    line(-50, 10, APP1, "200"),
    line(-20, 40, APP2, "200"),
    line(200, 3, `${APP1}, ${APP2}`, "502, 200"),
    line(-10, 20, APP1, "503"),
    line(-60_000, 20, APP1, "502"),
    // Redirected internally (" : "): the first attempt is still what counts.
    line(-8, 30, `${APP1} : ${APP2}`, "504 : 200", "/sanctum/csrf-cookie"),
  ];
  // The old allowance was every connection of the load (20) and two booking requests, whatever was in flight.
  expect(inFlightOnKilled(lines, kill)).toEqual({ health: 3, other: 2 });
});

it("allows nothing when nothing was in flight on the killed instance", () => {
  expect(inFlightOnKilled([line(-20, 40, APP2, "200"), line(300, 2, `${APP1}, ${APP2}`, "502, 200")], kill)).toEqual({ health: 0, other: 0 });
});
