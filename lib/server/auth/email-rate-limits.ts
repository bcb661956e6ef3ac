import "server-only";
import type { RateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";

// Attempts per window for the email-address flows, counted by consumeRateLimit like the
// shared rules in lib/server/services/rate-limit/rules.ts. Per-account subjects are the user id (the
// address itself may be what changes). Stated in docs/api.md, "Accounts and sessions".
export const emailRateLimits = {
  // "Send the link again" on the dashboard.
  verificationResendPerAccount: { purpose: "verify-resend-account", limit: 3, windowSeconds: 60 * 60 },
  // Asking to move the account to a new address (each one emails two addresses).
  emailChangePerAccount: { purpose: "email-change-account", limit: 3, windowSeconds: 60 * 60 },
  // Following emailed links: tokens cannot be guessed, this only keeps a client from hammering.
  emailLinkPerAddress: { purpose: "email-link-address", limit: 20, windowSeconds: 15 * 60 },
  // The "unlock sign-in" email, per login email (known or not, so timing is the same): once
  // per sign-in lock window, so refusals cannot be used to flood the owner's mailbox.
  signInUnlockMailPerEmail: { purpose: "sign-in-unlock-mail-email", limit: 1, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;
