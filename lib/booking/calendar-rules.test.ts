import { addDays, isWeekend, parse } from "date-fns";
import { isSlotLabel, isWeekendDate, SLOT_LABELS } from "./calendar-rules";

describe("isWeekendDate", () => {
  it("is true on Saturdays and Sundays and false on weekdays", () => {
    expect(isWeekendDate("2026-11-28")).toBe(true); // Saturday
    expect(isWeekendDate("2026-11-29")).toBe(true); // Sunday
    expect(isWeekendDate("2026-11-30")).toBe(false); // Monday
    expect(isWeekendDate("2026-11-27")).toBe(false); // Friday
  });

  it("agrees with date-fns on every day of three years, across both clock changes", () => {
    let day = new Date(2025, 0, 1);
    for (let i = 0; i < 3 * 366; i++, day = addDays(day, 1)) {
      const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
      expect([iso, isWeekendDate(iso)]).toEqual([iso, isWeekend(parse(iso, "yyyy-MM-dd", new Date(2000, 0, 1)))]);
    }
  });

  it("is false for anything that is not a real yyyy-MM-dd date", () => {
    // 2026-02-29 would roll over to Sunday 1 March; 2026-05-31 is a real Sunday.
    expect(isWeekendDate("2026-02-29")).toBe(false);
    expect(isWeekendDate("2026-05-31")).toBe(true);
    for (const value of ["", "2026-11-28T00:00", "28/11/2026", "2026-13-01", "2026-11-00", "not a date"]) {
      expect(isWeekendDate(value)).toBe(false);
    }
  });
});

describe("isSlotLabel", () => {
  it("accepts the seven slot labels only", () => {
    for (const label of SLOT_LABELS) expect(isSlotLabel(label)).toBe(true);
    for (const value of ["12:00 PM", "09:00", 9, null, undefined]) expect(isSlotLabel(value)).toBe(false);
  });
});
