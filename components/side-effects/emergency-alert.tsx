import styles from "./side-effects.module.css";

/**
 * For a serious answer (a red-flag symptom, or severe): call 999 now, or 111 for urgent
 * advice (NHS "When to call 999"; NHS 111). Prominent and announced (role="alert").
 */
export function EmergencyAlert() {
  return (
    <div role="alert" className={styles.emergency}>
      <h2>Call 999 now if you have any of these symptoms</h2>
      <p>
        Difficulty breathing, chest pain, swelling of the face, lips, tongue or throat, fainting, or thoughts of harming yourself
        need help straight away: <a href="tel:999">call 999</a> or go to A&amp;E. Do not wait for our reply.
      </p>
      <p>
        If it is urgent but not life-threatening, call <a href="tel:111">NHS 111</a> (or use 111.nhs.uk) for advice now. Stop taking
        the medicine until a doctor or pharmacist has advised you.
      </p>
    </div>
  );
}
