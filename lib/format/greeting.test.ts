import { greetingFor } from "./greeting";

describe("greetingFor", () => {
  it.each([
    ["midnight", "2025-01-15T00:00:00Z", "Good morning"],
    ["the last minute of the morning", "2025-01-15T11:59:59Z", "Good morning"],
    ["noon", "2025-01-15T12:00:00Z", "Good afternoon"],
    ["the last minute of the afternoon", "2025-01-15T17:59:59Z", "Good afternoon"],
    ["six in the evening", "2025-01-15T18:00:00Z", "Good evening"],
    ["a minute before midnight", "2025-01-15T23:59:00Z", "Good evening"],
  ])("in winter (GMT = UTC), %s (%s) gets %s", (_label, iso, expected) => {
    expect(greetingFor(new Date(iso))).toBe(expected);
  });

  it("follows British Summer Time, not UTC", () => {
    // 11:30 UTC is 12:30 in London in July.
    expect(greetingFor(new Date("2025-07-01T11:30:00Z"))).toBe("Good afternoon");
    // 17:30 UTC is 18:30 BST.
    expect(greetingFor(new Date("2025-07-01T17:30:00Z"))).toBe("Good evening");
    // 23:30 UTC is already the next morning (00:30 BST).
    expect(greetingFor(new Date("2025-07-01T23:30:00Z"))).toBe("Good morning");
  });
});
