import "server-only";
import type { RateLimit } from "./consume-rate-limit";

// Attempts per window. Per-account limits stop guessing one password from many addresses;
// per-address limits stop one client trying many accounts. Stated in the README.
export const rateLimits = {
  loginPerAccount: { purpose: "login-account", limit: 5, windowSeconds: 15 * 60 },
  loginPerAddress: { purpose: "login-address", limit: 20, windowSeconds: 15 * 60 },
  registerPerAddress: { purpose: "register-address", limit: 5, windowSeconds: 60 * 60 },
  passwordResetPerAccount: { purpose: "reset-account", limit: 3, windowSeconds: 60 * 60 },
  passwordResetPerAddress: { purpose: "reset-address", limit: 10, windowSeconds: 60 * 60 },
  // Each accepted pay request holds a slot for about 36 minutes: stop one client holding the diary.
  consultationHoldPerAddress: { purpose: "booking-hold-address", limit: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;
