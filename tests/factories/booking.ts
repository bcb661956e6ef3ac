import { randomBytes } from "node:crypto";
import { addDays } from "date-fns";
import { POST as pay } from "@/app/api/consultations/pay/route";
import { calendarDay, isWeekendDate, SLOT_LABELS, slotStart, toIsoDate, type SlotLabel } from "@/lib/booking/schedule";
import { londonToday } from "@/lib/format/dates";
import { db } from "@/lib/server/core/db/client";
import { call } from "@/tests/support/request";
import { makeGuestId, uniqueEmail } from "./guest";

/** Weekdays from `fromDays` days ahead to the end of the booking window, in London. */
export function upcomingWeekdays(fromDays = 2): string[] {
  const today = calendarDay(londonToday());
  const dates: string[] = [];
  for (let offset = fromDays; offset <= 30; offset += 1) {
    const date = toIsoDate(addDays(today, offset));
    if (!isWeekendDate(date)) dates.push(date);
  }
  return dates;
}

let next = 0;
/**
 * A slot nobody has tried to book yet, at least two days ahead. Test files share one
 * database, so the counter (unique within a file) is checked against the slots table.
 */
export async function freshSlot(): Promise<{ date: string; time: SlotLabel }> {
  const dates = upcomingWeekdays(2).reverse();
  for (;;) {
    const index = next++;
    const date = dates[Math.floor(index / SLOT_LABELS.length)];
    if (!date) throw new Error("The booking window has no unused slots left for this test run.");
    const time = SLOT_LABELS[index % SLOT_LABELS.length]!;
    if (!(await db.consultationSlot.count({ where: { startsAt: slotStart(date, time) } }))) return { date, time };
  }
}

let address = 0;
// Each test file counts from its own random block of the IPv6 documentation range: holds
// outlive a test file, and the per-address hold cap must not see another file's holds.
// Per-address limits count an IPv6 address's /64 (lib/server/core/request/address-bucket.ts), so
// the count goes in the fourth group: 24 random bits a file, 256 addresses each.
const block = randomBytes(3).toString("hex");
/** A distinct client address (its own /64), so per-address limits do not mix tests up. */
export function clientAddressHeader() {
  address += 1;
  if (address > 0xff) throw new Error("clientAddressHeader: one test file used 256 addresses.");
  return { "x-forwarded-for": `2001:db8:${block.slice(0, 4)}:${block.slice(4)}${address.toString(16).padStart(2, "0")}::1` };
}

/** POST /api/consultations/pay as a guest (or with the given cookies/headers). */
export function payForSlot(
  slot: { date: string; time: string },
  options: { email?: string; name?: string; type?: string; guestId?: string; cookies?: Record<string, string>; headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
) {
  const guestId = options.guestId ?? makeGuestId();
  return call(pay, "/api/consultations/pay", {
    json: {
      client_name: options.name ?? "Sam Patel",
      client_email: options.email ?? uniqueEmail("booking"),
      date: slot.date,
      time: slot.time,
      hair_concerns: "Thinning at the crown for a year.",
      ...(options.type ? { type: options.type } : {}),
      ...options.extra,
    },
    cookies: options.cookies ?? { guest_id: guestId },
    headers: { ...clientAddressHeader(), ...options.headers },
  });
}
