import styles from "./promo-bar.module.css";

export function PromoBar() {
  return (
    <div className={styles.bar}>
      <p className={styles.text}>Free shipping on orders £40+</p>
    </div>
  );
}
