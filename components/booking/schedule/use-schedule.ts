"use client";

import { useState } from "react";
import { isWeekendDate } from "@/lib/booking/calendar-rules";
import { useSlots } from "./use-slots";
import { useWeekendWarning } from "./use-weekend-warning";

/**
 * The date and time a booking form is choosing (both forms: the paid /consultation one and
 * the invited one), for ScheduleFields. Picking a weekend clears the date and explains why for
 * 2.5 s; picking a weekday loads its free times for `type`, the consultation type chosen now.
 */
export function useSchedule(type: string) {
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const slots = useSlots();
  const weekend = useWeekendWarning();

  function pickDate(picked: string) {
    setTime(null);
    if (isWeekendDate(picked)) {
      setDate(null);
      slots.clear();
      weekend.show();
      return;
    }
    weekend.hide();
    setDate(picked);
    void slots.load(picked, type);
  }

  /**
   * Loads the chosen date's times again, for `forType` (another consultation type, or after
   * a slot was taken). With keepTime the chosen time stays if it is still free; otherwise it
   * is cleared at once.
   */
  function reloadTimes(forType: string, { keepTime }: { keepTime: boolean }) {
    if (!date) return;
    if (!keepTime) setTime(null);
    void slots.load(date, forType).then((times) => {
      if (keepTime && times) setTime((current) => (current && times.includes(current) ? current : null));
    });
  }

  return {
    date,
    time,
    isLoadingTimes: slots.state.kind === "loading",
    showWeekendWarning: weekend.show,
    reloadTimes,
    /** The props ScheduleFields takes besides idPrefix and today. */
    fields: {
      date,
      time,
      slots: slots.state,
      isWeekendWarningShown: weekend.isShown,
      onPickDate: pickDate,
      onPickTime: setTime,
      onRetry: () => {
        if (date) void slots.load(date, type);
      },
    },
  };
}
