import { describeTimeLeft, formatDuration } from "./time-left";

const due = new Date("2026-11-24T12:00:00Z");
const at = (iso: string) => new Date(iso);

describe("describeTimeLeft", () => {
  it("counts down in hours and minutes, rounding down", () => {
    expect(describeTimeLeft(due, at("2026-11-24T06:40:00Z"))).toEqual({ isOverdue: false, text: "5 h 20 min left" });
    expect(describeTimeLeft(due, at("2026-11-24T06:39:30Z"))).toEqual({ isOverdue: false, text: "5 h 20 min left" });
    expect(describeTimeLeft(due, at("2026-11-23T12:00:00Z"))).toEqual({ isOverdue: false, text: "24 h left" });
    expect(describeTimeLeft(due, at("2026-11-24T11:15:00Z"))).toEqual({ isOverdue: false, text: "45 min left" });
    expect(describeTimeLeft(due, at("2026-11-24T11:59:30Z"))).toEqual({ isOverdue: false, text: "under 1 min left" });
  });

  it("says how long overdue a case is from the due instant on", () => {
    expect(describeTimeLeft(due, due)).toEqual({ isOverdue: true, text: "Overdue by under 1 min" });
    expect(describeTimeLeft(due, at("2026-11-24T14:00:00Z"))).toEqual({ isOverdue: true, text: "Overdue by 2 h" });
    expect(describeTimeLeft(due, at("2026-11-24T14:05:59Z"))).toEqual({ isOverdue: true, text: "Overdue by 2 h 5 min" });
    expect(describeTimeLeft(due, at("2026-11-26T12:30:00Z"))).toEqual({ isOverdue: true, text: "Overdue by 48 h 30 min" });
  });

  it("formats durations either side of zero alike", () => {
    expect(formatDuration(-90 * 60_000)).toBe("1 h 30 min");
    expect(formatDuration(90 * 60_000)).toBe("1 h 30 min");
  });
});
