import "server-only";
import type { SupplyCheck } from "./types";

/**
 * What the supply checks found when a clinician authorised the supply, for the decision's
 * audit event ("identity=met,weight=not_required"): each rule's state is on the record of the
 * decision it allowed, without any answer or document detail.
 */
export function supplyChecksAuditDetail(checks: readonly SupplyCheck[]): { supply_checks: string } {
  return { supply_checks: checks.map((check) => `${check.key}=${check.state}`).join(",") };
}
