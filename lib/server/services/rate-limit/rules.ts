import "server-only";
import type { RateLimit } from "./consume-rate-limit";

// Attempts per window. Per-account and per-email limits stop guessing one password or
// flooding one mailbox from many addresses; per-address limits stop one client trying many
// accounts or filling the database. Per-address limits are generous on purpose: offices,
// universities and mobile networks (carrier-grade NAT) put many people behind one address
// (ASVS 5.0 6.3.1: protect without denying real users). Stated in docs/api.md, "Accounts and sessions".
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const rateLimits = {
  // Failed sign-ins: counted up front, refunded on success (lib/server/auth/log-in.ts).
  // A browser that signed in to the account before (a known device, device-cookie.ts) is
  // not held by the account or address lock, only by its own loginPerDevice bucket.
  loginPerAccount: { purpose: "login-account", limit: 5, windowSeconds: 15 * MINUTE },
  loginPerAddress: { purpose: "login-address", limit: 100, windowSeconds: 15 * MINUTE },
  loginPerDevice: { purpose: "login-device", limit: 10, windowSeconds: 15 * MINUTE },
  // Second-factor codes (TOTP or recovery code), per account, wherever one is typed: the
  // sign-in's second step, confirming an enrolment, turning TOTP off. Counted up front,
  // refunded on success. 5 guesses at a 6-digit code in 15 minutes leave ~1 in 66,000 a day.
  secondFactorPerAccount: { purpose: "second-factor-account", limit: 5, windowSeconds: 15 * MINUTE },
  // A signed-in owner re-entering the password (change password or email, delete the
  // account), per user id: unlike loginPerAccount, strangers cannot fill it.
  passwordRecheckPerAccount: { purpose: "password-recheck-account", limit: 5, windowSeconds: 15 * MINUTE },
  registerPerAddress: { purpose: "register-address", limit: 100, windowSeconds: HOUR },
  // Each registration emails the address (a welcome, or "you already have an account"), and a
  // register-then-login pair tells whether the address had an account (docs/security.md,
  // "What registering still reveals"): a handful a day per target address, counted before the address is looked up,
  // so a refused attempt answers the same for every address and learns nothing.
  registerPerEmail: { purpose: "register-email", limit: 5, windowSeconds: DAY },
  passwordResetPerAccount: { purpose: "reset-account", limit: 3, windowSeconds: HOUR },
  passwordResetPerAddress: { purpose: "reset-address", limit: 10, windowSeconds: HOUR },
  // Each accepted pay request holds a slot for about 36 minutes: stop one client holding the diary.
  consultationHoldPerAddress: { purpose: "booking-hold-address", limit: 10, windowSeconds: 15 * MINUTE },
  // Returns from Checkout (booking, order, prescription, subscription pages and POST
  // /api/prescription/save) ask the payment provider about a still-open checkout; past this,
  // per client address, they answer what the webhooks recorded (payments/confirm-checkout-return.ts).
  checkoutReturnLookupPerAddress: { purpose: "checkout-return-lookup-address", limit: 30, windowSeconds: 15 * MINUTE },
  contactPerAddress: { purpose: "contact-address", limit: 20, windowSeconds: HOUR },
  contactPerEmail: { purpose: "contact-email", limit: 5, windowSeconds: HOUR },
  newsletterPerAddress: { purpose: "newsletter-address", limit: 30, windowSeconds: HOUR },
  newsletterPerEmail: { purpose: "newsletter-email", limit: 10, windowSeconds: HOUR },
  // Cart writes (add, change, remove), per client address: a shopper makes a few dozen.
  cartWritePerAddress: { purpose: "cart-write-address", limit: 300, windowSeconds: 15 * MINUTE },
  // New guest carts per client address (a request without a guest cookie starts one), so a
  // client dropping its cookie cannot create rows without end.
  guestCartPerAddress: { purpose: "guest-cart-address", limit: 60, windowSeconds: HOUR },
  // Questionnaire answers: one write per question; a patient answers a few dozen an hour.
  questionnaireWritePerAddress: { purpose: "questionnaire-write-address", limit: 600, windowSeconds: HOUR },
  // Each photo is decoded and re-encoded on the server: the most expensive request we take.
  photoUploadPerAddress: { purpose: "photo-upload-address", limit: 60, windowSeconds: HOUR },
  // Identity checks (lib/server/identity): each start may open a verification session with the
  // provider, and each return to /dashboard/identity asks the provider about an open one; per
  // account (only signed-in patients verify). A patient needs a few attempts at most.
  identityStartPerAccount: { purpose: "identity-start-account", limit: 10, windowSeconds: HOUR },
  identityReturnLookupPerAccount: { purpose: "identity-return-lookup-account", limit: 30, windowSeconds: 15 * MINUTE },
  // Each accepted prescription pay request opens a checkout session with the provider.
  prescriptionCheckoutPerAddress: { purpose: "prescription-checkout-address", limit: 30, windowSeconds: 15 * MINUTE },
  // Each accepted cart checkout opens a checkout session; a quote tries a discount code, so
  // quotes are limited too (codes cannot be guessed by trying).
  orderCheckoutPerAddress: { purpose: "order-checkout-address", limit: 30, windowSeconds: 15 * MINUTE },
  checkoutQuotePerAddress: { purpose: "checkout-quote-address", limit: 120, windowSeconds: 15 * MINUTE },
  // Wrong dispensing codes at /rx/{reference} (lib/server/rx/dispense-prescription.ts):
  // counted up front, given back unless the code was wrong. The code has 10^8 values, so 5
  // guesses an hour per prescription (then even the right code waits) make guessing hopeless.
  rxWrongCodePerPrescription: { purpose: "rx-code-prescription", limit: 5, windowSeconds: HOUR },
  // Per client address, wrong codes and unknown references: one client probing many prescriptions.
  rxWrongCodePerAddress: { purpose: "rx-code-address", limit: 30, windowSeconds: HOUR },
} satisfies Record<string, RateLimit>;
