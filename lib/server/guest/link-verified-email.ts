import "server-only";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { Tx } from "@/lib/server/core/db/client";

/** How the account proved it controls the address (recorded in the audit event). */
export type AddressProof = "sign_up_link" | "email_change_link" | "password_reset" | "order_invitation";

export type LinkedByEmail = { contact_messages: number; emails: number; newsletter: number; orders: number; invitations: number };

/**
 * Joins to the account what we hold under an address it has just proved it controls, in the
 * caller's transaction (the one that marks the address verified): contact messages, emails
 * sent to the address, its newsletter subscription, and guest orders held for a pharmacist's
 * consultation invitation (with their invitations, which until now went by email only).
 * Only rows no account holds yet move. Audited when anything moves (counts only, never the
 * address). This is the one place records are matched by email: export, deletion and
 * invitations read the `user_id` set here, so an unverified account never gains a stranger's
 * records. A guest's other orders, requests and bookings join only through the guest's own id
 * (linkGuest): an address typed at checkout is not proof that the guest owns it.
 * Safe to call twice (the second call moves nothing).
 */
export async function linkVerifiedEmail(tx: Tx, address: { userId: string; email: string }, proof: AddressProof, actor: AccountActor | null = null): Promise<LinkedByEmail> {
  const { userId, email } = address;
  const linked: LinkedByEmail = {
    contact_messages: (await tx.contactMessage.updateMany({ where: { email, userId: null }, data: { userId } })).count,
    emails: (await tx.outboxEmail.updateMany({ where: { toAddress: email, userId: null }, data: { userId } })).count,
    newsletter: (await tx.newsletterSubscriber.updateMany({ where: { email, userId: null }, data: { userId } })).count,
    orders: (await tx.order.updateMany({ where: { email, userId: null, status: "CONSULTATION_INVITED" }, data: { userId, guestKeyHash: null } })).count,
    invitations: await linkOrderInvitations(tx, userId),
  };
  if (Object.values(linked).some((count) => count > 0)) {
    await recordAuditEvent({ actor, action: "account.email_records_linked", subjectType: "user", subjectId: userId, detail: { proof, ...linked } }, tx);
  }
  return linked;
}

/** Invitations that went by email for orders the account now holds become the account's. */
export async function linkOrderInvitations(tx: Tx, userId: string): Promise<number> {
  return (await tx.consultationInvitation.updateMany({ where: { userId: null, order: { userId } }, data: { userId } })).count;
}
