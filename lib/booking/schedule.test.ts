import { bookingWindow, dateProblem, isIsoDate, isSlotBookable, londonDateAndTime, slotStart, WEEKEND_MESSAGE } from "./schedule";
import { londonToday } from "@/lib/format/dates";

describe("consultation schedule (Europe/London)", () => {
  it("reads slot labels as London wall-clock time, across the clock changes", () => {
    expect(slotStart("2026-12-01", "09:00 AM").toISOString()).toBe("2026-12-01T09:00:00.000Z"); // GMT
    expect(slotStart("2026-06-01", "09:00 AM").toISOString()).toBe("2026-06-01T08:00:00.000Z"); // BST
    expect(slotStart("2026-03-30", "01:00 PM").toISOString()).toBe("2026-03-30T12:00:00.000Z"); // Monday after spring forward
    expect(slotStart("2026-10-26", "04:00 PM").toISOString()).toBe("2026-10-26T16:00:00.000Z"); // Monday after fall back
  });

  it("maps an instant back to its London date and label", () => {
    expect(londonDateAndTime(new Date("2026-06-01T08:00:00Z"))).toEqual({ date: "2026-06-01", time: "09:00 AM" });
    expect(londonDateAndTime(new Date("2026-12-01T13:00:00Z"))).toEqual({ date: "2026-12-01", time: "01:00 PM" });
  });

  it("takes today from London, not from UTC or the machine", () => {
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(londonToday(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(londonToday(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
  });

  it("accepts only real calendar dates", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("2026-2-3")).toBe(false);
    expect(isIsoDate("not a date")).toBe(false);
  });

  it("opens today to today + 30 days, weekdays only", () => {
    expect(bookingWindow("2026-11-23")).toEqual({ first: "2026-11-23", last: "2026-12-23" });
    expect(dateProblem("2026-11-23", "2026-11-23")).toBeNull();
    expect(dateProblem("2026-12-23", "2026-11-23")).toBeNull();
    expect(dateProblem("2026-12-24", "2026-11-23")).toMatch(/up to 30 days ahead/);
    expect(dateProblem("2026-11-20", "2026-11-23")).toMatch(/has passed/);
    expect(dateProblem("2026-11-28", "2026-11-23")).toBe(WEEKEND_MESSAGE);
    expect(dateProblem("2026-13-01", "2026-11-23")).toMatch(/choose a date/);
  });

  it("needs an hour's notice", () => {
    const now = new Date("2026-12-01T09:30:00Z");
    expect(isSlotBookable("2026-12-01", "10:00 AM", now)).toBe(false);
    expect(isSlotBookable("2026-12-01", "11:00 AM", now)).toBe(true);
  });
});
