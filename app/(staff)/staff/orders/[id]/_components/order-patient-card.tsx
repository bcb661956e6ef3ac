import type { OrderCase } from "@/lib/server/orders/review/types";
import { StaffCard } from "../../../_components/staff-card";
import styles from "@/components/staff/case-sections.module.css";

/** "Patient and delivery": who to contact and where the parcel goes. */
export function OrderPatientCard({ order }: { order: OrderCase }) {
  return (
    <StaffCard title="Patient and delivery" headingId="patient-heading">
      <dl className={styles.facts}>
        <div>
          <dt>Email</dt>
          <dd className={styles.breakable}>{order.email}</dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>{order.hasAccount ? "Yes" : "Guest checkout"}</dd>
        </div>
        <div>
          <dt>Deliver to</dt>
          <dd>
            {order.delivery.address.map((line) => (
              <span key={line} style={{ display: "block" }}>
                {line}
              </span>
            ))}
          </dd>
        </div>
      </dl>
    </StaffCard>
  );
}
