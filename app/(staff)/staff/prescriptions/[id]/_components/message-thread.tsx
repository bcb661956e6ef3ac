import type { ReviewCase } from "@/lib/server/prescription-review/types";
import { formatDateTime } from "@/lib/format/dates";
import styles from "@/components/staff/case-sections.module.css";

/** The patient–prescriber thread, oldest first, with any photo a patient sent. */
export function MessageThread({ messages }: { messages: ReviewCase["messages"] }) {
  if (!messages.length) return <p>No messages yet.</p>;
  return (
    <ol className={styles.thread}>
      {messages.map((message) => (
        <li key={message.id} className={message.author === "STAFF" ? styles.staffMessage : styles.patientMessage}>
          <p className={styles.messageMeta}>
            <strong>{message.author === "STAFF" ? message.authorName : "Patient"}</strong> · {formatDateTime(message.at)}
          </p>
          <p className={styles.messageBody}>{message.body}</p>
          {message.photoUrl ? (
            <a href={message.photoUrl} target="_blank" rel="noopener">
              <img src={message.photoUrl} alt="Photo sent by the patient with this reply" className={styles.photo} loading="lazy" />
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
