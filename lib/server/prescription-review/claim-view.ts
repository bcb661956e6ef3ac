import "server-only";
import { toClaimView } from "@/lib/server/staff-review/claim-rules";
import type { ClaimView } from "@/lib/server/staff-review/types";
import { prescriberDisplayName } from "./prescriber-display-name";

/** What Prisma selects for a case's claim. */
export const claimSelect = {
  status: true,
  claimedById: true,
  claimedAt: true,
  claimedBy: { select: { name: true, staffProfile: { select: { registrationBody: true } } } },
} as const;

type ClaimRow = {
  status: string;
  claimedById: string | null;
  claimedAt: Date | null;
  claimedBy: { name: string; staffProfile: { registrationBody: string } | null } | null;
};

/** The live claim on an IN_REVIEW case as staff pages show it (null otherwise). */
export function caseClaimView(row: ClaimRow, viewerId: string, now: Date): ClaimView | null {
  if (row.status !== "IN_REVIEW") return null;
  const claimerName = row.claimedBy ? prescriberDisplayName(row.claimedBy.name, row.claimedBy.staffProfile?.registrationBody) : null;
  return toClaimView({ claimedById: row.claimedById, claimedAt: row.claimedAt, claimerName }, viewerId, now);
}
