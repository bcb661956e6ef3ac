import dynamic from "next/dynamic";
import { WEEKEND_MESSAGE } from "@/lib/booking/calendar-rules";
import styles from "./schedule-fields.module.css";
import { SlotPicker } from "./slot-picker";
import type { SlotsState } from "./use-slots";

type ScheduleFieldsProps = {
  idPrefix: string;
  today: string;
  date: string | null;
  time: string | null;
  slots: SlotsState;
  isWeekendWarningShown: boolean;
  onPickDate: (date: string) => void;
  onPickTime: (time: string) => void;
  onRetry: () => void;
};

// The calendar (react-day-picker with its locale and styles, a quarter of the page's
// JavaScript) is fetched once the page is interactive rather than in the page's first
// scripts; until then a box of its size holds its place, so nothing moves when it arrives.
const BookingCalendar = dynamic(() => import("./booking-calendar").then((module) => module.BookingCalendar), {
  ssr: false,
  loading: () => (
    <div className={styles.calendarPlaceholder} role="status">
      Loading the calendar…
    </div>
  ),
});

/** "Schedule date" and "Select a time": the times appear once a weekday is chosen. */
export function ScheduleFields(props: ScheduleFieldsProps) {
  const { idPrefix, today, date, time, slots, isWeekendWarningShown, onPickDate, onPickTime, onRetry } = props;
  return (
    <div className={styles.area}>
      <div className={styles.schedule}>
        <div className={styles.date}>
          <p id={`${idPrefix}-date`} className="field-label">
            Schedule date
          </p>
          <BookingCalendar today={today} selected={date} onPick={onPickDate} labelledBy={`${idPrefix}-date`} />
          <div aria-live="assertive">
            {isWeekendWarningShown ? <p className={styles.warning}>{WEEKEND_MESSAGE}</p> : null}
          </div>
        </div>
        {date ? (
          <SlotPicker state={slots} selected={time} onPick={onPickTime} onRetry={onRetry} />
        ) : (
          <p className={styles.hint}>Choose a weekday to see the available times.</p>
        )}
      </div>
    </div>
  );
}
