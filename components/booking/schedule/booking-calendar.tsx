"use client";

import { DayPicker, type Matcher } from "react-day-picker";
import { enGB } from "react-day-picker/locale";
import "react-day-picker/style.css";
import { bookingWindow, calendarDay, isWeekendDate, toIsoDate } from "@/lib/booking/schedule";
import { formatWeekdayDate } from "@/lib/format/dates";
import styles from "./booking-calendar.module.css";

type BookingCalendarProps = {
  /** Today in London, yyyy-MM-dd (from the server, so both renders agree). */
  today: string;
  /** The chosen date, yyyy-MM-dd. */
  selected: string | null;
  onPick: (date: string) => void;
  labelledBy: string;
};

const WEEKEND: Matcher = { dayOfWeek: [0, 6] };

/**
 * The booking window (today to today + 30 days) as a month calendar. Days outside it are
 * disabled; weekends stay clickable but look unavailable, so that picking one can explain
 * why it cannot be booked. Dates cross this boundary as yyyy-MM-dd strings only.
 */
export function BookingCalendar({ today, selected, onPick, labelledBy }: BookingCalendarProps) {
  const { first, last } = bookingWindow(today);
  const firstDay = calendarDay(first);
  const lastDay = calendarDay(last);
  return (
    <div role="group" aria-labelledby={labelledBy} className={styles.wrapper}>
      <DayPicker
        mode="single"
        required
        locale={enGB}
        className={styles.calendar}
        today={calendarDay(today)}
        defaultMonth={selected ? calendarDay(selected) : firstDay}
        startMonth={firstDay}
        endMonth={lastDay}
        disabled={[{ before: firstDay }, { after: lastDay }]}
        selected={selected ? calendarDay(selected) : undefined}
        onSelect={(day) => onPick(toIsoDate(day))}
        modifiers={{ weekend: WEEKEND }}
        modifiersClassNames={{ weekend: styles.weekend ?? "" }}
        labels={{
          labelDayButton: (date, modifiers) => {
            const iso = toIsoDate(date);
            let label = formatWeekdayDate(iso);
            if (modifiers.today) label = `Today, ${label}`;
            if (isWeekendDate(iso)) label = `${label}, unavailable (weekend)`;
            if (modifiers.selected) label = `${label}, selected`;
            return label;
          },
        }}
      />
    </div>
  );
}
