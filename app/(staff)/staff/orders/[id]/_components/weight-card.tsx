import { REVIEWABLE } from "@/lib/server/orders/review/order-review-kind";
import type { OrderCase } from "@/lib/server/orders/review/types";
import type { WeightReview } from "@/lib/server/weight-verification/get-weight-review";
import { WEIGHT_METHOD_LABELS, type WeightVerificationView } from "@/lib/server/weight-verification/types";
import styles from "@/components/staff/case-sections.module.css";
import { formatDateTime } from "@/lib/format/dates";
import { StaffCard } from "../../../_components/staff-card";
import { WeightForm } from "./weight-form";

function recordLine(record: WeightVerificationView, atCheckIn = false) {
  const verdict = atCheckIn ? "continuation (no starting BMI threshold)" : record.passed ? "meets the BMI rule" : (record.failure ?? "does not meet the BMI rule");
  return `${record.weightKg.toFixed(1)} kg, BMI ${record.bmi.toFixed(1)} (height ${record.heightCm.toFixed(1)} cm): ${verdict} · ${WEIGHT_METHOD_LABELS[record.method]} · ${record.byName}, ${formatDateTime(record.at)}`;
}

/** The patient's weight evidence (photos open full size; each view is audited), the records so far and the form for the claim holder. */
export function WeightCard({ order, weight }: { order: OrderCase; weight: WeightReview }) {
  const photos = weight.evidence.filter((item) => item.kind === "PHOTO");
  const video = weight.evidence.find((item) => item.kind === "VIDEO_CONSULTATION");
  // A renewal's weight is the one its check-in's prescriber verified from the check-in's photo.
  const atCheckIn = weight.checkInReference;
  const canRecord = !atCheckIn && REVIEWABLE.includes(order.status) && order.claim?.isMine === true && !order.ownNotice;
  return (
    <StaffCard title="Weight verification" headingId="weight-heading">
      <div className={styles.stack}>
        {photos.length ? (
          <ul className={styles.photos}>
            {photos.map((photo, index) => {
              const url = `/api/staff/orders/${order.id}/weight-photos/${photo.id}`;
              return (
                <li key={photo.id}>
                  <a href={url} target="_blank" rel="noopener">
                    <img src={url} alt={`Weight verification photo ${index + 1}, sent ${formatDateTime(photo.at)}`} className={styles.photo} loading="lazy" />
                    <span className={styles.photoName}>Open weight photo {index + 1} full size</span>
                  </a>
                </li>
              );
            })}
          </ul>
        ) : (
          <p>The patient has not sent a weight photo.</p>
        )}
        {video ? <p>The patient chose a video consultation on {formatDateTime(video.at)}.</p> : null}
        {weight.records.length ? (
          <>
            <h3 className={styles.section}>{atCheckIn ? `Verified at check-in ${atCheckIn}` : "Recorded on this order"}</h3>
            <ul>
              {weight.records.map((record) => (
                <li key={record.at}>{recordLine(record, atCheckIn !== null)}</li>
              ))}
            </ul>
          </>
        ) : null}
        {weight.history.length ? (
          <>
            <h3 className={styles.section}>Earlier verified weights</h3>
            <ul>
              {weight.history.map((record) => (
                <li key={`${record.reference}-${record.at}`}>
                  {record.reference}: {recordLine(record)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {canRecord ? (
          <WeightForm orderId={order.id} defaultMethod={photos.length ? "PHOTO" : video ? "VIDEO_CONSULTATION" : "IN_PERSON"} />
        ) : !atCheckIn && REVIEWABLE.includes(order.status) ? (
          <p>Review this order to record the verified weight.</p>
        ) : null}
      </div>
    </StaffCard>
  );
}
