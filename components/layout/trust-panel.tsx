import type { ComplianceKey, SiteConfig } from "@/lib/config/site";
import styles from "./trust-panel.module.css";

const ITEMS: { key: ComplianceKey; label: string; href?: string; hrefLabel?: string }[] = [
  { key: "gphcPremisesNumber", label: "GPhC premises number", href: "https://www.pharmacyregulation.org/registers", hrefLabel: "Check the GPhC register" },
  { key: "superintendentPharmacist", label: "Superintendent pharmacist" },
  { key: "cqcRegistration", label: "CQC registration", href: "https://www.cqc.org.uk/", hrefLabel: "Check with the CQC" },
  { key: "companyName", label: "Registered company" },
  { key: "companyNumber", label: "Company number" },
  { key: "companyAddress", label: "Registered office" },
];

/**
 * Who is responsible for this pharmacy, from configuration: the GPhC premises, the
 * superintendent pharmacist, the CQC registration and the company. A value not yet set is
 * shown as a marked placeholder, never as if it were real. `tone` matches the footer or a page.
 *
 * The footer's panel, on every page, is the landmark (a region named by its heading). A copy
 * inside a page's own section (`landmark={false}`) is plain content under its heading: a second
 * region with the same name would leave a screen reader's landmark list with two identical
 * entries (axe's landmark-unique).
 */
export function TrustPanel({
  compliance,
  tone = "light",
  headingLevel = 2,
  landmark = true,
  id,
}: {
  compliance: SiteConfig["compliance"];
  tone?: "light" | "dark";
  headingLevel?: 2 | 3;
  landmark?: boolean;
  id: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const Container = landmark ? "section" : "div";
  return (
    <Container className={`${styles.panel} ${tone === "dark" ? styles.dark : styles.light}`} aria-labelledby={landmark ? id : undefined}>
      <Heading id={id} className={styles.heading}>
        Registered and regulated
      </Heading>
      <dl className={styles.list}>
        {ITEMS.map((item) => {
          const placeholder = compliance.placeholders.includes(item.key);
          return (
            <div key={item.key}>
              <dt>{item.label}</dt>
              <dd>
                {placeholder ? <mark className={styles.placeholder}>{compliance[item.key]}</mark> : compliance[item.key]}
                {item.href && !placeholder ? (
                  <>
                    {" "}
                    <a href={item.href} rel="noopener noreferrer" target="_blank">
                      {item.hrefLabel}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </>
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </Container>
  );
}
