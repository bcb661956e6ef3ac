"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { WEEKEND_WARNING_MS } from "@/lib/booking/calendar-rules";

/** The "weekend attempt" flag: raised when a weekend is picked, lowered 2.5 s later. */
export function useWeekendWarning() {
  const [isShown, setIsShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(() => {
    clearTimeout(timer.current);
    setIsShown(true);
    timer.current = setTimeout(() => setIsShown(false), WEEKEND_WARNING_MS);
  }, []);

  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setIsShown(false);
  }, []);

  return { isShown, show, hide };
}
