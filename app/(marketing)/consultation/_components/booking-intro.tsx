import { CheckIcon } from "@/components/icons/check-icon";
import styles from "./booking-intro.module.css";

const SELLING_POINTS = ["Convenient online booking", "Certified & trusted consultants", "5,000+ happy clients"];

/** The left panel of the booking screen (spec section 2). */
export function BookingIntro() {
  return (
    <div className={styles.intro}>
      <h1 className={styles.heading}>Book Your Hair Consultation</h1>
      <p className={styles.price}>consultations from £50</p>
      <ul className={styles.points}>
        {SELLING_POINTS.map((point) => (
          <li key={point} className={styles.point}>
            <span className={styles.tick}>
              <CheckIcon size={18} />
            </span>
            {point}
          </li>
        ))}
      </ul>
    </div>
  );
}
