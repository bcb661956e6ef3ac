import { TrustPanel } from "@/components/layout/trust-panel";
import type { SiteConfig } from "@/lib/config/site";
import styles from "./our-experts.module.css";

/** The experts section: who reviews orders, with the registration details from configuration. */
export function OurExperts({ compliance }: { compliance: SiteConfig["compliance"] }) {
  const team = [
    {
      role: "Pharmacists",
      text: "GPhC-registered pharmacists review every assessment and order, and are on hand to answer your questions.",
    },
    {
      role: "Prescribers and doctors",
      text: "UK-registered prescribers and doctors run our consultations and issue prescriptions when a treatment is right for you.",
    },
    {
      role: "Hair loss consultants",
      text: "Specialists in hair and scalp health who help you understand your hair loss and the options available.",
    },
  ];
  return (
    <section className="section section-cream" aria-labelledby="experts-heading">
      <div className="container">
        <p className="eyebrow">Our experts</p>
        <h2 id="experts-heading">A pharmacist-led team</h2>
        <ul className={styles.team}>
          {team.map((member) => (
            <li key={member.role} className={styles.card}>
              <h3 className={styles.role}>{member.role}</h3>
              <p>{member.text}</p>
            </li>
          ))}
        </ul>
        <div className={styles.register}>
          <TrustPanel compliance={compliance} headingLevel={3} landmark={false} id="about-trust-heading" />
        </div>
      </div>
    </section>
  );
}
