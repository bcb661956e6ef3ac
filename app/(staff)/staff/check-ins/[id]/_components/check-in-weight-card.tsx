import type { CheckInCase, CheckInWeight } from "@/lib/server/check-ins/types";
import { WEIGHT_METHOD_LABELS } from "@/lib/server/weight-verification/types";
import styles from "@/components/staff/case-sections.module.css";
import { formatDateTime } from "@/lib/format/dates";
import { StaffCard } from "../../../_components/staff-card";

function changeLine(change: NonNullable<CheckInWeight["change"]>): string {
  const sign = change.percent > 0 ? "+" : "";
  return `${sign}${change.percent.toFixed(1)}% since the first verified weight (${change.firstKg.toFixed(1)} kg, ${formatDateTime(change.firstAt)})${change.basis === "self-reported" ? ", on the weight the patient entered" : ""}`;
}

/**
 * The check-in's scales photos (each opens full size; every view is audited), the weight the
 * approver verified from them, and the change since the first verified weight as a fact: at
 * continuation the starting BMI threshold does not apply (NICE TA1026: review continuation if
 * less than 5% of the initial weight is lost after 6 months).
 */
export function CheckInWeightCard({ found, weight }: { found: Pick<CheckInCase, "id">; weight: CheckInWeight }) {
  return (
    <StaffCard title="Weight verification" headingId="weight-heading">
      <div className={styles.stack}>
        {weight.photos.length ? (
          <ul className={styles.photos}>
            {weight.photos.map((photo, index) => {
              const url = `/api/staff/check-ins/${found.id}/weight-photos/${photo.id}`;
              return (
                <li key={photo.id}>
                  <a href={url} target="_blank" rel="noopener">
                    <img src={url} alt={`Scales photo ${index + 1}, sent ${formatDateTime(photo.at)}`} className={styles.photo} loading="lazy" />
                    <span className={styles.photoName}>Open scales photo {index + 1} full size</span>
                  </a>
                </li>
              );
            })}
          </ul>
        ) : (
          <p>The patient has not sent a scales photo.</p>
        )}
        <dl className={styles.facts}>
          <div>
            <dt>Verified weight</dt>
            <dd>
              {weight.verification
                ? `${weight.verification.weightKg.toFixed(1)} kg · ${WEIGHT_METHOD_LABELS[weight.verification.method]} · ${weight.verification.byName}, ${formatDateTime(weight.verification.at)}`
                : "Recorded when you approve (read it on the photo)"}
            </dd>
          </div>
          <div>
            <dt>Change</dt>
            <dd>{weight.change ? changeLine(weight.change) : "No earlier verified weight"}</dd>
          </div>
        </dl>
        <p>
          <small>
            At continuation the starting BMI threshold does not apply. NICE TA1026: review whether to continue if less than 5% of the initial weight has been lost after 6
            months. GPhC distance-pharmacy guidance (February 2025), weight management: weight verified at every supply.
          </small>
        </p>
      </div>
    </StaffCard>
  );
}
