import type { StaffRole } from "@/lib/server/core/actor/types";
import type { StaffNavLink } from "./staff-nav";

/** The staff area's pages a role may open (each page checks the role again itself). */
export function staffLinksFor(role: StaffRole): StaffNavLink[] {
  const links: StaffNavLink[] = [{ href: "/staff", label: "Staff home" }];
  if (role === "PRESCRIBER" || role === "ADMIN") links.push({ href: "/staff/prescriptions", label: "Prescriptions queue" }, { href: "/staff/check-ins", label: "Check-ins queue" });
  if (role === "PHARMACIST" || role === "ADMIN") links.push({ href: "/staff/orders", label: "Orders queue" });
  // A prescriber's view of the same page: the shop orders waiting for their prescription.
  if (role === "PRESCRIBER") links.push({ href: "/staff/orders", label: "Orders to prescribe" });
  links.push({ href: "/staff/side-effects", label: "Side effects" });
  links.push({ href: "/staff/gp-letters", label: "GP letters to post" });
  if (role === "ADMIN") links.push({ href: "/staff/audit", label: "Audit log" }, { href: "/staff/staff-members", label: "Staff members" });
  return links;
}

export const ROLE_LABELS: Record<StaffRole, string> = { PHARMACIST: "Pharmacist", PRESCRIBER: "Prescriber", ADMIN: "Administrator" };
