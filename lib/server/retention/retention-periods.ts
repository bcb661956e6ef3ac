import "server-only";

// How long each kind of short-lived row outlives its use before retention.sweep deletes it
// (docs/architecture.md, "Data retention"). GDPR Art. 5(1)(e) (storage limitation): personal data is kept
// no longer than its purpose needs. Medical records and the audit log are not here: no job
// deletes them.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A rate-limit window that has ended counts as zero anyway (consume-rate-limit.ts starts a new one). */
export const RATE_LIMIT_KEEP_AFTER_RESET_MS = 0;

/**
 * Sessions end at the latest 12 hours after sign-in (session-token.ts, SESSION_ABSOLUTE_SECONDS);
 * a week after that, so support can still see a recent sign-in when a patient reports misuse.
 */
export const SESSION_KEEP_AFTER_EXPIRY_MS = 7 * DAY;

/**
 * Emailed links (password reset, sign-in unlock, email verification) stop working at their
 * expiry (a used one sooner); a week after that, so support can see that a link was sent.
 */
export const TOKEN_KEEP_AFTER_EXPIRY_MS = 7 * DAY;

/**
 * A guest id linked to an account is refused from then on (guest-id.ts). Its cookie lives 90
 * days from the last time it was set, so after 90 days no browser can still present it.
 */
export const GUEST_LINK_KEEP_MS = 90 * DAY;

/**
 * A delivered email's body is already a placeholder (deliver-mail-job.ts); the row (address,
 * subject, when) answers "did you email me?" for a quarter. Undelivered rows are never deleted.
 */
export const OUTBOX_KEEP_AFTER_DELIVERY_MS = 90 * DAY;

/**
 * Processed Stripe event ids make a redelivered event a no-op. Stripe retries an event for up
 * to 3 days (Stripe docs, Webhooks, "Retry behavior") and keeps events for 30 days (API
 * reference, Events: "List all events … going back 30 days"), after which it can neither
 * retry nor resend one; so 30 days.
 */
export const STRIPE_EVENT_KEEP_MS = 30 * DAY;

/**
 * A booking hold whose checkout was never paid (EXPIRED, or still PENDING_PAYMENT after its
 * hold lapsed), with its unpaid payment row. The checkout session lives 31 minutes and its
 * last event is retried for up to 3 days; a month after the hold lapsed, for support questions
 * about a payment that did not go through. It holds the patient's name, email and concerns.
 */
export const BOOKING_HOLD_KEEP_AFTER_EXPIRY_MS = 30 * DAY;

/** A slot row with no booking left exists only to be locked (consultation-slot.ts); once past, nothing can book it. */
export const EMPTY_SLOT_KEEP_AFTER_START_MS = 1 * DAY;

/**
 * A questionnaire never submitted and never used by a request, order, cart or subscription,
 * untouched (answers and photos) for 30 days, is abandoned: health data collected for a purpose
 * the patient did not pursue (GDPR Art. 5(1)(c) and (e)). Its photos' files go with it.
 */
export const QUESTIONNAIRE_DRAFT_KEEP_MS = 30 * DAY;

/** A guest's cart (no account) untouched for 30 days: its lines and prices are stale by then. */
export const GUEST_CART_KEEP_MS = 30 * DAY;
