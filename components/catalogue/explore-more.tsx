import { ChevronRightIcon } from "@/components/icons/chevron-right-icon";
import styles from "./explore-more.module.css";

const BLOCKS = [
  {
    href: "/consultation",
    title: "Book a Doctor Consultation",
    text: "Talk through your hair loss by video with a UK doctor or one of our hair loss consultants. Consultations from £50.",
    image: "/images/consultation.svg",
  },
  {
    href: "/prescription/questionnaire/1",
    title: "Prescription Service",
    text: "Answer a medical questionnaire and a specialist reviews it within 24 hours. Collect your prescription from any local pharmacy.",
    image: "/images/prescription-service.svg",
  },
];

/** The consultation and prescription-service blocks shared by the home and hair-loss pages. */
export function ExploreMore({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const CardHeading = headingLevel === 2 ? "h3" : "h4";
  return (
    <section className={styles.section} aria-labelledby="explore-more-heading">
      <Heading id="explore-more-heading">Explore More</Heading>
      <ul className={styles.list}>
        {BLOCKS.map((block) => (
          <li key={block.href} className={styles.card}>
            <img src={block.image} alt="" width={96} height={96} loading="lazy" decoding="async" className={styles.image} />
            <div className={styles.body}>
              <CardHeading className={styles.title}>
                <a href={block.href} className={styles.link}>
                  {block.title}
                </a>
              </CardHeading>
              <p className={styles.text}>{block.text}</p>
            </div>
            <ChevronRightIcon className={styles.arrow} />
          </li>
        ))}
      </ul>
    </section>
  );
}
