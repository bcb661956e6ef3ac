import styles from "./not-sure.module.css";

/** The "Not Sure?" panel under a category's treatments. */
export function NotSure({ href, hint }: { href: string; hint: string }) {
  return (
    <section className={styles.panel} aria-labelledby="not-sure-heading">
      <div>
        <h2 id="not-sure-heading" className={styles.title}>
          Need help choosing?
        </h2>
        <p className={styles.text}>
          Answer a few questions and one of our UK prescribers will help you find a suitable option, or explain why
          another route may suit you better.
        </p>
      </div>
      <a href={href} className="button button-on-brand">
        Not Sure?
        <span className="visually-hidden"> {hint}</span>
      </a>
    </section>
  );
}
