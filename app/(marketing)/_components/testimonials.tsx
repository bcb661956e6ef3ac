import styles from "./testimonials.module.css";

// Experiences of the service only: no claims about what a treatment did for anyone.
const TESTIMONIALS = [
  {
    quote: "The assessment took five minutes, and a pharmacist followed up the same day with a clear, friendly answer.",
    name: "Priya S.",
  },
  {
    quote: "I could ask questions before choosing a plan, and nobody pushed me into anything. It felt like my local pharmacy.",
    name: "Tom R.",
  },
  {
    quote: "Ordering was simple and the parcel arrived quickly in completely plain packaging. Exactly what I wanted.",
    name: "Hannah L.",
  },
];

export function Testimonials() {
  return (
    <section className="section section-cream" aria-labelledby="testimonials-heading">
      <div className="container">
        <p className="eyebrow">Testimonials</p>
        <h2 id="testimonials-heading">What our customers say</h2>
        <ul className={styles.list}>
          {TESTIMONIALS.map((item) => (
            <li key={item.name}>
              <figure className={styles.card}>
                <blockquote className={styles.quote}>
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption className={styles.name}>{item.name}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
