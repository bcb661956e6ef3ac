import { CookieSettingsButton } from "@/components/consent/cookie-settings-button";
import type { SiteConfig } from "@/lib/config/site";
import { NEWSLETTER_CONSENT_TEXT } from "@/lib/validation/newsletter";
import { ContactDetails } from "./contact-details";
import { LogoMark } from "./logo-mark";
import { NewsletterForm } from "./newsletter-form";
import { SocialLinks } from "./social-links";
import { TrustPanel } from "./trust-panel";
import styles from "./site-footer.module.css";

const FOOTER_LINKS = [
  { href: "/treatments", label: "Treatments" },
  { href: "/consultation", label: "Book a Consultation" },
  { href: "/about", label: "About Us" },
  { href: "/contact", label: "Contact Us" },
  { href: "/cookies", label: "Cookies" },
];

export function SiteFooter({ site }: { site: SiteConfig }) {
  return (
    <footer className={styles.footer}>
      <section className={styles.newsletter} aria-labelledby="newsletter-heading">
        <div className={`container ${styles.newsletterInner}`}>
          <div>
            <h2 id="newsletter-heading" className={styles.newsletterTitle}>
              Get 10% Off Your First Order
            </h2>
            <p className={styles.newsletterText}>Plus, get early access to new launches and our best self-care tips.</p>
          </div>
          <NewsletterForm consentText={NEWSLETTER_CONSENT_TEXT} />
        </div>
      </section>
      <div className={styles.main}>
        <div className={`container ${styles.grid}`}>
          <div className={styles.brandColumn}>
            <p className={styles.brand}>
              <LogoMark size={36} tone="light" />
              <span>{site.name}</span>
            </p>
            <p className={styles.about}>
              A UK online clinic and pharmacy. Every order is reviewed by our pharmacists before it is sent.
            </p>
            <SocialLinks social={site.social} siteName={site.name} />
          </div>
          <nav aria-labelledby="footer-explore" className={styles.column}>
            <h2 id="footer-explore" className={styles.heading}>
              Explore
            </h2>
            <ul className={styles.links}>
              {FOOTER_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
              <li>
                <CookieSettingsButton className={styles.linkButton} />
              </li>
            </ul>
          </nav>
          <div className={styles.column}>
            <h2 className={styles.heading}>Contact us</h2>
            <ContactDetails contact={site.contact} />
          </div>
        </div>
        <div className={`container ${styles.legal}`}>
          <TrustPanel compliance={site.compliance} tone="dark" id="footer-trust-heading" />
          <p>
            © {new Date().getFullYear()} {site.name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
