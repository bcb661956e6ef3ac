export type DrawerLink = { href: string; label: string };

export const MAIN_LINKS_BEFORE: DrawerLink[] = [{ href: "/", label: "Home" }];

export const MAIN_LINKS_AFTER: DrawerLink[] = [
  { href: "/consultation", label: "Book a Consultation" },
  { href: "/about", label: "About Us" },
  { href: "/contact", label: "Contact Us" },
];

export const TREATMENT_LINKS: DrawerLink[] = [
  { href: "/treatments/hair-loss-treatments", label: "Hair Loss Treatments" },
  { href: "/treatments/weight-loss-treatments", label: "Weight Loss Treatments" },
  { href: "/treatments/sexual-performance-treatments", label: "Sexual Performance Treatments" },
  { href: "/treatments", label: "All treatments" },
];
