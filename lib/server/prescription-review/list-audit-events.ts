import "server-only";
import { isStaff } from "@/lib/server/core/actor/account-actor";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { isUuid } from "@/lib/validation/uuid";

export const AUDIT_PAGE_SIZE = 50;

export type AuditEventView = {
  id: string;
  at: string;
  actorName: string;
  actorRole: string;
  action: string;
  subjectType: string;
  subjectId: string;
  /** Non-medical context (references, statuses) as "key: value" pairs. */
  detail: { key: string; value: string }[];
};

export type AuditPage = {
  events: AuditEventView[];
  /** The cursor of the next (older) page: the last event's id; null on the last page. */
  olderBefore: string | null;
  /** Whether this is a later page (a link back to the newest entries is offered). */
  isLaterPage: boolean;
  subject: string | null;
};

/**
 * What a subject id finds: itself, and for a prescription request also its photos and the
 * messages carrying one (their views are recorded under their own ids). Looked up first so
 * the log is read through its (subject_id, id) index, never by scanning event details.
 */
async function subjectIds(subject: string): Promise<string[]> {
  if (!isUuid(subject)) return [subject];
  const request = await db.prescriptionRequest.findUnique({
    where: { id: subject },
    select: { response: { select: { photos: { select: { id: true } } } }, messages: { where: { photoKey: { not: null } }, select: { id: true } } },
  });
  return [subject, ...(request?.response.photos.map((photo) => photo.id) ?? []), ...(request?.messages.map((message) => message.id) ?? [])];
}

/**
 * The audit log for admins, newest (last recorded) first, 50 a page, optionally for one
 * subject id (a request's id also finds the views of its photos). Pages are keyset pages:
 * `before` is the id the previous page ended at, so a page deep in a log of millions reads
 * 51 index entries, never an OFFSET. Reading the log is itself recorded, before anything is
 * returned.
 */
export async function listAuditEvents(actor: StaffActor, query: { before?: string; subject?: string }): Promise<AuditPage> {
  if (!isStaff(actor, ["ADMIN"])) throw new AppError("forbidden", "You do not have access to this area.");
  const subject = query.subject ?? null;
  const before = query.before ?? null;
  await recordAuditEvent({ actor, action: "audit.viewed", subjectType: "audit_log", subjectId: subject ?? "all", detail: { before } });
  const rows = await db.auditEvent.findMany({
    where: { ...(subject ? { subjectId: { in: await subjectIds(subject) } } : {}), ...(before ? { id: { lt: BigInt(before) } } : {}) },
    orderBy: { id: "desc" },
    take: AUDIT_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const actorIds = [...new Set(page.map((row) => row.actorId).filter((id): id is string => id !== null))];
  const users = actorIds.length ? await db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, name: true, email: true } }) : [];
  const nameById = new Map(users.map((user) => [user.id, `${user.name} (${user.email})`]));
  return {
    events: page.map((row) => ({
      id: row.id.toString(),
      at: row.at.toISOString(),
      actorName: row.actorId ? (nameById.get(row.actorId) ?? `Deleted account ${row.actorId}`) : "Public (no account)",
      actorRole: row.actorRole,
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      detail: detailPairs(row.detail),
    })),
    olderBefore: rows.length > AUDIT_PAGE_SIZE ? page.at(-1)!.id.toString() : null,
    isLaterPage: before !== null,
    subject,
  };
}

function detailPairs(detail: unknown): { key: string; value: string }[] {
  if (!detail || typeof detail !== "object" || Array.isArray(detail)) return [];
  return Object.entries(detail)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => ({ key, value: typeof value === "string" ? value : JSON.stringify(value) }));
}
