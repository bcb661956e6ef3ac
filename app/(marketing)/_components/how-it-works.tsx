import styles from "./how-it-works.module.css";

const STEPS = [
  {
    title: "Take the assessment",
    text: "Answer a few questions about your hair and your health. It takes about five minutes, and you can do it from your phone.",
  },
  {
    title: "A UK pharmacist reviews it",
    text: "A GPhC-registered pharmacist checks your answers and confirms the treatment is suitable, or suggests a consultation if it is not.",
  },
  {
    title: "Choose your plan and delivery",
    text: "Pick a one-off order or a plan that renews each month or every three months, with standard or next-day delivery.",
  },
  {
    title: "Delivered discreetly",
    text: "Your order arrives in plain, unbranded packaging. Standard delivery is free on orders of £40 or more.",
  },
];

export function HowItWorks() {
  return (
    <section className="section" aria-labelledby="how-it-works-heading">
      <div className="container">
        <p className="eyebrow">Simple and safe</p>
        <h2 id="how-it-works-heading">How it works</h2>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.number} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.title}>{step.title}</h3>
              <p className={styles.text}>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
