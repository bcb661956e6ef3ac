import type { ProgressViewKey } from "@/lib/progress-photos/views";
import styles from "./progress-photos.module.css";

/** A drawing of how the photo should be framed (decorative: the text guide beside it says the same). */
export function FramingGuide({ view }: { view: ProgressViewKey }) {
  return (
    <div className={styles.frame} aria-hidden="true">
      <svg viewBox="0 0 100 100" fill="none" stroke="currentColor" strokeWidth="3">
        {view === "HAIRLINE" ? (
          <>
            <ellipse cx="50" cy="58" rx="26" ry="32" />
            <path d="M26 48 C32 28, 68 28, 74 48" />
            <circle cx="40" cy="60" r="2" />
            <circle cx="60" cy="60" r="2" />
          </>
        ) : null}
        {view === "CROWN" ? (
          <>
            <circle cx="50" cy="50" r="34" />
            <path d="M50 50 m-8 0 a8 8 0 1 0 16 0 a8 8 0 1 0 -16 0" />
          </>
        ) : null}
        {view === "TOP" ? (
          <>
            <ellipse cx="50" cy="50" rx="30" ry="36" />
            <path d="M50 16 L50 84" strokeDasharray="4 4" />
          </>
        ) : null}
      </svg>
    </div>
  );
}
