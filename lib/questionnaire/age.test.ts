import { londonToday } from "@/lib/format/dates";
import { ageOn, isIsoDate } from "./age";

describe("ageOn", () => {
  it("counts whole years: 17 years 364 days is 17, the 18th birthday is 18", () => {
    expect(ageOn("2008-06-16", "2026-06-15")).toBe(17);
    expect(ageOn("2008-06-15", "2026-06-15")).toBe(18);
    expect(ageOn("2008-12-31", "2026-12-30")).toBe(17);
    expect(ageOn("2008-01-01", "2026-01-01")).toBe(18);
    expect(ageOn("1990-05-20", "2026-05-19")).toBe(35);
  });

  it("a 29 February birthday counts from 1 March in other years, and on the day in leap years", () => {
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn("2008-02-29", "2026-03-01")).toBe(18);
    expect(ageOn("2004-02-29", "2024-02-28")).toBe(19);
    expect(ageOn("2004-02-29", "2024-02-29")).toBe(20);
  });

  it("is null for dates that do not exist, other formats, and births after today", () => {
    for (const bad of ["2007-02-29", "2008-13-01", "2008-04-31", "2008-6-1", "01/06/2008", "", "2008-06-01T00:00"]) {
      expect(ageOn(bad, "2026-06-15")).toBeNull();
    }
    expect(ageOn("2026-06-16", "2026-06-15")).toBeNull();
    expect(ageOn("2026-06-15", "2026-06-15")).toBe(0);
    expect(ageOn("2000-01-01", "2026-02-30")).toBeNull();
  });

  it("accepts early years as written", () => {
    expect(isIsoDate("0099-01-01")).toBe(true);
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
  });
});

describe("ageOn with londonToday", () => {
  it("turns 18 at London midnight of the birthday, not at UTC midnight", () => {
    const born = "2008-06-15";
    // 23:30 UTC on 14 June is 00:30 BST on 15 June: the birthday has begun in London.
    expect(ageOn(born, londonToday(new Date("2026-06-14T22:30:00Z")))).toBe(17);
    expect(ageOn(born, londonToday(new Date("2026-06-14T23:30:00Z")))).toBe(18);
  });
});
