import "server-only";
import { createHash } from "node:crypto";
import { db, type Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";

export type RateLimit = { purpose: string; limit: number; windowSeconds: number };

/**
 * Counts one attempt against `subject` (an email, a client address) in a fixed window kept
 * in PostgreSQL, so every app instance shares it. Throws `rate_limited` (429, Retry-After)
 * once the limit is passed. One atomic upsert: concurrent attempts cannot both slip through.
 * Times come from the database clock (in UTC, as Prisma stores them), shared by every instance.
 */
export async function consumeRateLimit(rule: RateLimit, subject: string): Promise<void> {
  const key = bucketKey(rule.purpose, subject);
  const [row] = await db.$queryRaw<{ hits: number; reset_at: Date }[]>`
    INSERT INTO rate_limit_buckets (key, hits, reset_at)
    VALUES (${key}, 1, (now() AT TIME ZONE 'UTC') + make_interval(secs => ${rule.windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limit_buckets.reset_at <= (now() AT TIME ZONE 'UTC') THEN 1 ELSE rate_limit_buckets.hits + 1 END,
      reset_at = CASE WHEN rate_limit_buckets.reset_at <= (now() AT TIME ZONE 'UTC')
        THEN (now() AT TIME ZONE 'UTC') + make_interval(secs => ${rule.windowSeconds}) ELSE rate_limit_buckets.reset_at END
    RETURNING hits, reset_at`;
  if (row && row.hits > rule.limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((row.reset_at.getTime() - Date.now()) / 1000));
    throw new AppError("rate_limited", "Too many attempts. Please wait a few minutes and try again.", undefined, {
      "Retry-After": String(retryAfterSeconds),
    });
  }
}

/**
 * Forgets the attempts against `subject` (a successful sign-in or a password reset clears the
 * account's count). Pass the caller's transaction to forget them only if its work commits.
 */
export async function resetRateLimit(rule: RateLimit, subject: string, client: Tx | typeof db = db): Promise<void> {
  await client.rateLimitBucket.deleteMany({ where: { key: bucketKey(rule.purpose, subject) } });
}

/**
 * Gives back one attempt counted against `subject` in the current window (never below zero),
 * so a rule counted up front (atomic, race-free) ends up counting failures only: a login
 * that succeeds refunds the attempt it consumed.
 */
export async function refundRateLimit(rule: RateLimit, subject: string): Promise<void> {
  const key = bucketKey(rule.purpose, subject);
  await db.$executeRaw`
    UPDATE rate_limit_buckets SET hits = GREATEST(hits - 1, 0)
    WHERE key = ${key} AND reset_at > (now() AT TIME ZONE 'UTC')`;
}

// Subjects are hashed: the table never holds an email address or an IP address.
function bucketKey(purpose: string, subject: string) {
  return `${purpose}:${createHash("sha256").update(subject.toLowerCase()).digest("base64url")}`;
}
