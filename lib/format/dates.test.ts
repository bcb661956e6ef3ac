import { TZDate } from "@date-fns/tz";
import { format, parse } from "date-fns";
import fc from "fast-check";
import { formatCalendarDate, formatDateTime, formatDateTimeSeconds, formatLongDate, formatTime, formatWeekdayDate, londonHour, londonToday } from "./dates";

const BST = "2026-06-14T13:05:07Z"; // 14:05:07 in London
const GMT = "2026-01-14T13:05:07Z"; // 13:05:07 in London
const SUMMER_LATE = "2026-06-14T23:30:00Z"; // 00:30 on 15 June in London
const WINTER_LATE = "2026-01-14T23:30:00Z"; // still 14 January in London

describe("londonToday", () => {
  it("is the London calendar day, which in summer starts at 23:00 UTC", () => {
    expect(londonToday(new Date("2026-06-14T22:59:59Z"))).toBe("2026-06-14");
    expect(londonToday(new Date("2026-06-14T23:00:00Z"))).toBe("2026-06-15");
    expect(londonToday(new Date(SUMMER_LATE))).toBe("2026-06-15");
  });

  it("in winter starts at midnight UTC", () => {
    expect(londonToday(new Date(WINTER_LATE))).toBe("2026-01-14");
    expect(londonToday(new Date("2026-01-14T23:59:59Z"))).toBe("2026-01-14");
    expect(londonToday(new Date("2026-01-15T00:00:00Z"))).toBe("2026-01-15");
  });
});

it("londonHour reads the London clock", () => {
  expect(londonHour(BST)).toBe(14);
  expect(londonHour(GMT)).toBe(13);
  expect(londonHour(SUMMER_LATE)).toBe(0);
});

it("formatLongDate prints the London date of an instant", () => {
  expect(formatLongDate(new Date("2026-03-05T10:00:00Z"))).toBe("5 March 2026");
  expect(formatLongDate(BST)).toBe("14 June 2026");
  expect(formatLongDate(GMT)).toBe("14 January 2026");
  expect(formatLongDate(SUMMER_LATE)).toBe("15 June 2026");
  expect(formatLongDate(WINTER_LATE)).toBe("14 January 2026");
});

it("formatDateTime prints the London date and 24-hour time, with en-GB's short months", () => {
  expect(formatDateTime(BST)).toBe("14 Jun 2026, 14:05");
  expect(formatDateTime(GMT)).toBe("14 Jan 2026, 13:05");
  expect(formatDateTime(SUMMER_LATE)).toBe("15 Jun 2026, 00:30");
  expect(formatDateTime("2026-09-05T08:04:00Z")).toBe("5 Sept 2026, 09:04");
});

it("formatDateTimeSeconds adds the seconds", () => {
  expect(formatDateTimeSeconds(BST)).toBe("14 Jun 2026, 14:05:07");
  expect(formatDateTimeSeconds(GMT)).toBe("14 Jan 2026, 13:05:07");
});

it("formatTime names the London time as slots are named", () => {
  expect(formatTime("2026-06-01T08:00:00Z")).toBe("09:00 AM");
  expect(formatTime("2026-12-01T13:00:00Z")).toBe("01:00 PM");
  expect(formatTime(SUMMER_LATE)).toBe("12:30 AM");
});

it("formatCalendarDate prints a stored yyyy-MM-dd date as written, and anything else as given", () => {
  expect(formatCalendarDate("1990-05-17")).toBe("17 May 1990");
  expect(formatCalendarDate(" 1990-05-17 ")).toBe("17 May 1990");
  expect(formatCalendarDate("2026-03-29")).toBe("29 March 2026"); // the day the clocks go forward
  expect(formatCalendarDate("2026-02-30")).toBe("2026-02-30");
  expect(formatCalendarDate("17/05/1990")).toBe("17/05/1990");
  expect(formatCalendarDate("")).toBe("");
});

it("formatWeekdayDate names the weekday", () => {
  expect(formatWeekdayDate("2026-12-01")).toBe("Tuesday 1 December 2026");
  expect(formatWeekdayDate("2026-06-14")).toBe("Sunday 14 June 2026");
  expect(formatWeekdayDate("not a date")).toBe("not a date");
});

// The formatters replaced Intl.DateTimeFormat calls all over the app: they must print the same text.
describe("the same text as en-GB's Intl.DateTimeFormat in Europe/London", () => {
  const instants = fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-12-31T23:59:59Z"), noInvalidDate: true });
  const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", ...options });
  const longDate = intl({ day: "numeric", month: "long", year: "numeric" });
  const dateTime = intl({ day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
  const mediumShort = intl({ dateStyle: "medium", timeStyle: "short" });
  const mediumMedium = intl({ dateStyle: "medium", timeStyle: "medium" });
  const utcLongDate = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

  it("for instants", () => {
    fc.assert(
      fc.property(instants, (instant) => {
        expect(formatLongDate(instant)).toBe(longDate.format(instant));
        expect(formatDateTime(instant)).toBe(dateTime.format(instant));
        expect(formatDateTime(instant)).toBe(mediumShort.format(instant));
        expect(formatDateTimeSeconds(instant)).toBe(mediumMedium.format(instant));
      }),
      { numRuns: 2000 },
    );
  });

  it("for calendar dates", () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const value = instant.toISOString().slice(0, 10);
        expect(formatCalendarDate(value)).toBe(utcLongDate.format(new Date(`${value}T00:00:00Z`)));
      }),
      { numRuns: 2000 },
    );
  });
});

// ...and the same text as date-fns' format, which the booking schedule used before.
describe("the same text as date-fns' format in Europe/London", () => {
  const instants = fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-12-31T23:59:59Z"), noInvalidDate: true });

  it("for today's date and the slot time", () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const local = new TZDate(instant.getTime(), "Europe/London");
        expect(londonToday(instant)).toBe(format(local, "yyyy-MM-dd"));
        expect(formatTime(instant)).toBe(format(local, "hh:mm a"));
        expect(londonHour(instant)).toBe(Number(format(local, "H")));
      }),
      { numRuns: 2000 },
    );
  });

  it("for the weekday date", () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const value = instant.toISOString().slice(0, 10);
        expect(formatWeekdayDate(value)).toBe(format(parse(value, "yyyy-MM-dd", new Date(2000, 0, 1)), "EEEE d MMMM yyyy"));
      }),
      { numRuns: 2000 },
    );
  });
});
