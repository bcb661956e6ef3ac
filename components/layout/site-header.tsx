import { CartLink } from "@/components/cart/cart-link";
import { AccountLink } from "./account-link";
import { LogoMark } from "./logo-mark";
import { MenuDrawer } from "./menu-drawer";
import { PromoBar } from "./promo-bar";
import styles from "./site-header.module.css";

const DESKTOP_LINKS = [
  { href: "/treatments", label: "Treatments" },
  { href: "/consultation", label: "Book a Consultation" },
  { href: "/about", label: "About Us" },
  { href: "/contact", label: "Contact Us" },
];

/** The promo bar, then the menu button, site name, desktop links (with Login or Account) and cart. */
export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className={styles.header}>
      <PromoBar />
      <div className={`container ${styles.inner}`}>
        <div className={styles.start}>
          <MenuDrawer siteName={siteName} />
          <a href="/" className={styles.brand}>
            <LogoMark size={34} />
            <span>{siteName}</span>
          </a>
        </div>
        <nav aria-label="Primary" className={styles.nav}>
          <ul className={styles.navList}>
            {DESKTOP_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={styles.navLink}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <AccountLink className={styles.navLink} />
            </li>
          </ul>
        </nav>
        <CartLink />
      </div>
    </header>
  );
}
