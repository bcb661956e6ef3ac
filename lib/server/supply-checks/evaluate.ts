import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { doseCheck } from "./dose-check";
import { gpConsentCheck } from "./gp-consent-check";
import { identityCheck } from "./identity-check";
import { prescriberAuthorisationCheck } from "./prescriber-authorisation-check";
import type { SupplyCheck, SupplyCheckDefinition, SupplySubject } from "./types";
import { weightCheck } from "./weight-check";

/**
 * Every rule a prescription-only or higher-risk supply must meet before a clinician authorises
 * it (issuing a prescription, dispensing an order). Each check is its own file beside this one,
 * reading its domain's records; the issue and dispense paths and the case views call only
 * evaluateSupplyChecks / assertSupplyAllowed, so a new rule is one entry here.
 */
const SUPPLY_CHECKS: readonly SupplyCheckDefinition[] = [identityCheck, weightCheck, doseCheck, gpConsentCheck, prescriberAuthorisationCheck];

/** What a prescriber must see met before prescribing an order: every check but their own authorisation. */
export const CHECKS_BEFORE_PRESCRIBING: readonly SupplyCheckDefinition[] = SUPPLY_CHECKS.filter((check) => check.key !== prescriberAuthorisationCheck.key);

/** What each check finds for this supply, in the list's order (reads only). */
export async function evaluateSupplyChecks(tx: Tx, subject: SupplySubject, checks: readonly SupplyCheckDefinition[] = SUPPLY_CHECKS): Promise<SupplyCheck[]> {
  const found: SupplyCheck[] = [];
  // One after another: a transaction runs one query at a time anyway.
  for (const check of checks) found.push(await check.evaluate(tx, subject));
  return found;
}

/** The first unmet check's reason, or null when the supply may go ahead. */
export function supplyBlocked(checks: readonly SupplyCheck[]): string | null {
  return checks.find((check) => check.state === "unmet")?.blocking ?? null;
}

/**
 * Refuses the decision (409, the first unmet check's sentence) unless every check is met or not
 * required. Called inside the decision's transaction, under the case's lock, so what was
 * checked is what is authorised.
 */
export async function assertSupplyAllowed(tx: Tx, subject: SupplySubject, checks: readonly SupplyCheckDefinition[] = SUPPLY_CHECKS): Promise<SupplyCheck[]> {
  const found = await evaluateSupplyChecks(tx, subject, checks);
  const blocked = supplyBlocked(found);
  if (blocked) throw new AppError("conflict", blocked);
  return found;
}
