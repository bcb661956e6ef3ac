import "server-only";
import { Prisma } from "@/lib/server/core/db/generated/client";

/** An instant as the UTC wall-clock `timestamp` Prisma stores DateTime columns in. */
export function atUtc(instant: Date): Prisma.Sql {
  return Prisma.sql`(${instant.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

/**
 * A questionnaire response `t` that is an abandoned draft at `cutoff`: never submitted, its
 * answers and photos unchanged since, and used by nothing (a prescription request, an order
 * line, a subscription or a cart line; the database keeps every such reference, so a new one
 * is added here too: tests/integration/retention checks the list against the foreign keys).
 */
export function abandonedDraft(cutoff: Date): Prisma.Sql {
  return Prisma.sql`t.submitted_at IS NULL AND t.updated_at < ${atUtc(cutoff)}
    AND NOT EXISTS (SELECT 1 FROM questionnaire_photos recent WHERE recent.response_id = t.id AND recent.created_at >= ${atUtc(cutoff)})
    AND NOT EXISTS (SELECT 1 FROM prescription_requests pr WHERE pr.response_id = t.id)
    AND NOT EXISTS (SELECT 1 FROM order_lines ol WHERE ol.assessment_id = t.id)
    AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.assessment_id = t.id)
    AND NOT EXISTS (SELECT 1 FROM cart_items ci WHERE ci.assessment_id = t.id)`;
}

/**
 * The tables whose rows may name a questionnaire response: abandonedDraft checks each, except
 * the draft's own photos (deleted with it, files first) and GP details given beside it
 * (questionnaire_gp_details: deleted with the draft by its cascading key; the GP step follows a
 * submitted assessment, so a draft rarely has any).
 */
export const QUESTIONNAIRE_RESPONSE_REFERENCES = ["questionnaire_photos", "questionnaire_gp_details", "prescription_requests", "order_lines", "subscriptions", "cart_items"];
