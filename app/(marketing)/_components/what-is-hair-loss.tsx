import styles from "./what-is-hair-loss.module.css";

export function WhatIsHairLoss() {
  return (
    <section className="section" aria-labelledby="what-is-hair-loss-heading">
      <div className={`container ${styles.inner}`}>
        <div className="prose">
          <p className="eyebrow">Understanding hair loss</p>
          <h2 id="what-is-hair-loss-heading">What is Hair Loss?</h2>
          <p>
            Hair grows in cycles: each hair grows for a few years, rests, and then falls out so a new one can grow in its
            place. It is normal to lose 50 to 100 hairs a day as part of this cycle.
          </p>
          <p>
            Hair loss is when more hair falls out than grows back, so hair looks thinner over time. The most common cause
            is hereditary hair loss (male- or female-pattern hair loss), which often starts with a receding hairline, a
            thinning crown or a widening parting. Stress, illness, hormonal changes and some medicines can also cause
            hair to shed for a while.
          </p>
          <p>
            Sudden, patchy or unexplained hair loss should always be checked by a doctor. If you are not sure what is
            behind yours, <a href="/consultation">book a consultation</a> and talk it through with a specialist.
          </p>
        </div>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>50 to 100</dt>
            <dd>hairs lost a day is normal</dd>
          </div>
          <div className={styles.fact}>
            <dt>5,000+</dt>
            <dd>happy clients across the UK</dd>
          </div>
          <div className={styles.fact}>
            <dt>24 hours</dt>
            <dd>for a specialist to review a prescription request</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
