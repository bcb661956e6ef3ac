import "server-only";

/**
 * Keeps a friend's referral code from its link (/r/{code}) until their checkout. Set only
 * because the visitor followed the link to get the discount (a service they asked for), so
 * PECR's consent rule does not apply; HttpOnly, and it holds only the code.
 */
export const REFERRAL_COOKIE = "referral_code";
export const REFERRAL_COOKIE_DAYS = 30;
