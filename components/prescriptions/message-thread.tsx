import type { CaseMessageView } from "@/lib/server/prescriptions/types";
import { formatDateTime } from "@/lib/format/dates";
import styles from "./message-thread.module.css";

/** The patient–prescriber thread, oldest first: who wrote, when, the text, and any photo sent with it. */
export function MessageThread({ messages }: { messages: CaseMessageView[] }) {
  if (!messages.length) return <p className={styles.empty}>There are no messages about this request.</p>;
  return (
    <ol className={styles.thread}>
      {messages.map((message) => {
        const fromStaff = message.author === "STAFF";
        return (
          <li key={message.id} className={`${styles.message} ${fromStaff ? styles.staff : styles.patient}`}>
            <p className={styles.meta}>
              <strong>{fromStaff ? "Prescriber" : "You"}</strong>
              {" · "}
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            </p>
            <p className={styles.body}>{message.body}</p>
            {message.photo ? (
              <p className={styles.photo}>
                Photo: <a href={message.photo.url} target="_blank" rel="noopener">{message.photo.name}</a>
                <span className="visually-hidden"> (opens in a new tab)</span>
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
