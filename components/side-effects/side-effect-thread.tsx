import { formatDateTime } from "@/lib/format/dates";
import type { SideEffectMessageView } from "@/lib/server/side-effects/types";
// One look for every patient–clinician thread (the prescription request's, this one).
import styles from "@/components/prescriptions/message-thread.module.css";

/** The report's thread, oldest first. `viewer` decides the names: "You" for one's own side. */
export function SideEffectThread({ messages, viewer }: { messages: SideEffectMessageView[]; viewer: "patient" | "staff" }) {
  if (!messages.length) return <p>There are no messages about this report yet.</p>;
  return (
    <ol className={styles.thread}>
      {messages.map((message) => {
        const fromStaff = message.author === "STAFF";
        const who = fromStaff ? (viewer === "staff" ? (message.authorName ?? "Clinical team") : "Clinical team") : viewer === "patient" ? "You" : "Patient";
        return (
          <li key={message.id} className={`${styles.message} ${fromStaff ? styles.staff : styles.patient}`}>
            <p className={styles.meta}>
              <strong>{who}</strong>
              {" · "}
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            </p>
            <p className={styles.body}>{message.body}</p>
          </li>
        );
      })}
    </ol>
  );
}
