import type { OrderCase } from "@/lib/server/orders/review/types";
import { formatDateTime } from "@/lib/format/dates";
import { StaffCard } from "../../../_components/staff-card";
import styles from "@/components/staff/case-sections.module.css";

/** One card per line with an assessment: its locked answers in question order. */
export function OrderAnswers({ order }: { order: OrderCase }) {
  const assessments = order.lines.flatMap((line) => (line.assessment ? [line.assessment] : []));
  return assessments.map((assessment, index) => (
    <StaffCard key={assessment.id} title={`${assessment.title} answers`} headingId={`answers-heading-${index}`}>
      <p>Submitted {assessment.submittedAt ? formatDateTime(assessment.submittedAt) : "—"}; locked.</p>
      <dl className={styles.answers}>
        {assessment.answers.map((answer) => (
          <div key={answer.step} className={styles.answer}>
            <dt>
              Question {answer.step}. {answer.question}
            </dt>
            {answer.answer.map((text, lineIndex) => (
              <dd key={lineIndex}>{text}</dd>
            ))}
          </div>
        ))}
      </dl>
    </StaffCard>
  ));
}
