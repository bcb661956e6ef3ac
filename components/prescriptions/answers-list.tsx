import type { AnsweredQuestion } from "@/lib/server/prescriptions/types";
import styles from "./answers-list.module.css";

/** Submitted answers, read-only: each question on the path with the patient's answer. */
export function AnswersList({ answers }: { answers: AnsweredQuestion[] }) {
  if (!answers.length) return <p>We could not show these answers.</p>;
  return (
    <dl className={styles.list}>
      {answers.map((item) => (
        <div key={item.step} className={styles.item}>
          <dt className={styles.question}>
            {item.section ? <span className={styles.section}>{item.section}</span> : null}
            {item.question}
          </dt>
          {item.answer.map((line, index) => (
            <dd key={index} className={styles.answer}>
              {line}
            </dd>
          ))}
        </div>
      ))}
    </dl>
  );
}
