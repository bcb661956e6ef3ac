import "server-only";
import { doseLadderFor, nextDose, startingDose } from "@/lib/medicines/dose-ladders";
import type { Tx } from "@/lib/server/core/db/client";
import type { SupplyCheckDefinition } from "./types";

// Mounjaro SmPC section 4.2 (posology): start at 2.5 mg, increase in 2.5 mg steps after at least
// 4 weeks on the current dose. GPhC, Guidance for registered pharmacies providing pharmacy
// services at a distance (February 2025), repeat supplies: each repeat supply, and so each dose
// increase, follows the prescriber's review of the patient's check-in.
const SOURCE =
  "Mounjaro SmPC section 4.2 (start 2.5 mg; increase in 2.5 mg steps after at least 4 weeks on the current dose); GPhC guidance for registered pharmacies providing pharmacy services at a distance (February 2025), repeat supplies reviewed by a prescriber";

export const HIGHER_DOSE_NEEDS_CHECK_IN = "A higher dose needs a check-in at the previous dose first.";

type CheckInRow = { reference: string; status: string; dose: string | null; approvedDose: string | null } | null;
type Line = { name: string; dose: string | null; slug: string };

/**
 * A dose-ladder medicine (lib/medicines/dose-ladders.ts) is supplied at its starting dose, or at
 * the dose a prescriber approved at the check-in behind this order (orders.check_in_id), which
 * was made at that dose or the step below. Anything else (a higher dose with no such check-in,
 * a jump of two steps, no dose recorded) is refused. Not required for other medicines.
 */
export const doseCheck: SupplyCheckDefinition = {
  key: "dose",
  async evaluate(tx, subject) {
    const base = { key: "dose", title: "Dose", source: SOURCE };
    const lines = subject.kind === "order" ? await ladderLines(tx, subject.id) : [];
    if (!lines.length) return { ...base, state: "not_required", summary: "No medicine here is stepped up by dose.", facts: [], blocking: null };
    const order = await tx.order.findUniqueOrThrow({ where: { id: subject.id }, select: { checkIn: { select: { reference: true, status: true, dose: true, approvedDose: true } } } });
    const found = lines.map((line) => judge(line, order.checkIn));
    const facts = [
      ...lines.map((line) => ({ label: `Dose of ${line.name}`, value: line.dose ?? "Not recorded" })),
      ...(order.checkIn
        ? [
            { label: "Check-in", value: `${order.checkIn.reference} (${order.checkIn.status.toLowerCase()})` },
            { label: "Dose at the check-in", value: order.checkIn.dose ?? "Not recorded" },
            { label: "Dose approved", value: order.checkIn.approvedDose ?? "None" },
          ]
        : [{ label: "Check-in", value: "None (a first supply)" }]),
    ];
    const refused = found.find((result) => result.blocking);
    if (refused) return { ...base, state: "unmet", summary: refused.summary, facts, blocking: refused.blocking };
    return { ...base, state: "met", summary: found.map((result) => result.summary).join(" "), facts, blocking: null };
  },
};

function judge(line: Line, checkIn: CheckInRow): { summary: string; blocking: string | null } {
  if (!line.dose) return { summary: `No dose is recorded for ${line.name}.`, blocking: `No dose is recorded for ${line.name} on this order: decline it and ask the patient to order again.` };
  if (line.dose === startingDose(line.slug)) return { summary: `${line.dose} is the starting dose of ${line.name}.`, blocking: null };
  const approved = checkIn?.status === "APPROVED" && checkIn.approvedDose === line.dose && checkIn.dose !== null;
  if (approved && (checkIn.dose === line.dose || nextDose(line.slug, checkIn.dose!) === line.dose)) {
    return { summary: `${line.dose} was approved at check-in ${checkIn.reference} (made at ${checkIn.dose}).`, blocking: null };
  }
  return { summary: `${line.dose} of ${line.name} has no approved check-in at the previous dose.`, blocking: HIGHER_DOSE_NEEDS_CHECK_IN };
}

async function ladderLines(tx: Tx, orderId: string): Promise<Line[]> {
  const rows = await tx.orderLine.findMany({ where: { orderId }, select: { name: true, dose: true, product: { select: { slug: true } } }, orderBy: { id: "asc" } });
  return rows.filter((row) => doseLadderFor(row.product.slug)).map((row) => ({ name: row.name, dose: row.dose, slug: row.product.slug }));
}
