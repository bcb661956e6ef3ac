import "server-only";
import { isStaff } from "@/lib/server/actor/account-actor";
import { recordAuditEvent } from "@/lib/server/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/actor/types";
import { db } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors/app-error";

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

export type AuditPage = { events: AuditEventView[]; page: number; hasNext: boolean; subject: string | null };

/**
 * The audit log for admins, newest first, 50 a page, optionally for one subject id (a
 * request's id also finds the views of its photos). Reading the log is itself recorded,
 * before anything is returned.
 */
export async function listAuditEvents(actor: StaffActor, query: { page: number; subject?: string }): Promise<AuditPage> {
  if (!isStaff(actor, ["ADMIN"])) throw new AppError("forbidden", "You do not have access to this area.");
  const subject = query.subject ?? null;
  await recordAuditEvent({ actor, action: "audit.viewed", subjectType: "audit_log", subjectId: subject ?? "all", detail: { page: query.page } });
  const rows = await db.auditEvent.findMany({
    where: subject ? { OR: [{ subjectId: subject }, { detail: { path: ["requestId"], equals: subject } }] } : {},
    orderBy: [{ at: "desc" }, { id: "desc" }],
    skip: (query.page - 1) * AUDIT_PAGE_SIZE,
    take: AUDIT_PAGE_SIZE + 1,
  });
  const actorIds = [...new Set(rows.map((row) => row.actorId).filter((id): id is string => id !== null))];
  const users = actorIds.length ? await db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, name: true, email: true } }) : [];
  const nameById = new Map(users.map((user) => [user.id, `${user.name} (${user.email})`]));
  return {
    events: rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
      id: row.id.toString(),
      at: row.at.toISOString(),
      actorName: row.actorId ? (nameById.get(row.actorId) ?? `Deleted account ${row.actorId}`) : "Public (no account)",
      actorRole: row.actorRole,
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      detail: detailPairs(row.detail),
    })),
    page: query.page,
    hasNext: rows.length > AUDIT_PAGE_SIZE,
    subject,
  };
}

function detailPairs(detail: unknown): { key: string; value: string }[] {
  if (!detail || typeof detail !== "object" || Array.isArray(detail)) return [];
  return Object.entries(detail)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => ({ key, value: typeof value === "string" ? value : JSON.stringify(value) }));
}
