import "server-only";
import { isStaleClaim, prescriberDisplayName } from "./claim-rules";
import type { ClaimView } from "./types";

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
export function toClaimView(row: ClaimRow, viewerId: string, now: Date): ClaimView | null {
  if (row.status !== "IN_REVIEW" || !row.claimedById || !row.claimedAt) return null;
  return {
    byId: row.claimedById,
    byName: row.claimedBy ? prescriberDisplayName(row.claimedBy.name, row.claimedBy.staffProfile?.registrationBody) : "A former member of staff",
    at: row.claimedAt.toISOString(),
    isMine: row.claimedById === viewerId,
    isStale: isStaleClaim(row.claimedAt, now),
  };
}
