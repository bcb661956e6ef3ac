import { CheckIcon } from "@/components/icons/check-icon";
import styles from "./hero.module.css";

const POINTS = ["Reviewed by UK pharmacists", "GPhC-registered pharmacy", "Discreet, tracked delivery"];

export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-heading">
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          <p className="eyebrow">UK online clinic &amp; pharmacy</p>
          <h1 id="hero-heading" className={styles.title}>
            Hair loss treatment, guided by UK pharmacists
          </h1>
          <p className={`lead ${styles.tagline}`}>
            Take a short online assessment, get expert advice and have your treatment delivered to your door in plain
            packaging.
          </p>
          {/* One link per viewport; the hidden one is display:none, so assistive tech meets only one. */}
          <a href="/treatments/hair-loss-treatments" className="button desktop-only">
            Dive In Now
          </a>
          <a href="/treatments" className="button mobile-only">
            Dive In Now
          </a>
          <ul className={styles.points}>
            {POINTS.map((point) => (
              <li key={point}>
                <CheckIcon size={20} className={styles.check} />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <img
          src="/images/hero.svg"
          alt=""
          width={560}
          height={480}
          fetchPriority="high"
          decoding="async"
          className={styles.image}
        />
      </div>
    </section>
  );
}
