import "server-only";
import { db } from "@/lib/server/core/db/client";

export type StaffMemberRow = { id: string; name: string; email: string; role: string; secondFactorOn: boolean };

/** Every account with a staff role (any role but CUSTOMER), by name, and whether their authenticator is set up. */
export async function listStaffMembers(): Promise<StaffMemberRow[]> {
  const rows = await db.user.findMany({
    where: { role: { not: "CUSTOMER" } },
    select: { id: true, name: true, email: true, role: true, totpEnabledAt: true },
    orderBy: [{ name: "asc" }, { email: "asc" }],
    take: 500,
  });
  return rows.map(({ totpEnabledAt, ...row }) => ({ ...row, secondFactorOn: totpEnabledAt !== null }));
}
