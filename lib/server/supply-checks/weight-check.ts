import "server-only";
import { formatDateTime } from "@/lib/format/dates";
import { readWeightState } from "@/lib/server/weight-verification/read-weight-state";
import { WEIGHT_METHOD_LABELS, type OrderWeightState, type WeightVerificationView } from "@/lib/server/weight-verification/types";
import type { SupplyCheck, SupplyCheckDefinition } from "./types";

const SOURCE =
  'GPhC "Guidance for registered pharmacies providing pharmacy services at a distance, including on the internet" (February 2025), prescribing medicines for weight management: weight and BMI verified independently, not self-reported; BMI rule: Mounjaro SmPC 4.1 (the assessment\'s definition)';

/**
 * A weight-loss medicine (product.requiresWeightVerification) is supplied only on a weight the
 * clinician verified (scales photo, video consultation or in person) whose BMI, with the
 * assessment's height, passes the assessment's own BMI rule. Not required for anything else.
 */
export const weightCheck: SupplyCheckDefinition = {
  key: "weight",
  async evaluate(tx, subject) {
    const concerned = subject.kind === "order" && subject.medicines.some((medicine) => medicine.requiresWeightVerification);
    const base = { key: "weight", title: "Verified weight", source: SOURCE };
    if (!concerned) return { ...base, state: "not_required", summary: "No medicine here needs a verified weight.", facts: [], blocking: null };
    return fromState(base, await readWeightState(tx, subject.id));
  },
};

// NICE TA1026 (tirzepatide for managing overweight and obesity): review continuation and stop
// if less than 5% of the initial weight has been lost after 6 months on the highest tolerated dose.
const CONTINUATION_SOURCE =
  'GPhC "Guidance for registered pharmacies providing pharmacy services at a distance, including on the internet" (February 2025), prescribing medicines for weight management: weight verified independently at every supply, repeat supplies included; NICE TA1026: review continuation if less than 5% weight loss after 6 months';

function fromState(base: Pick<SupplyCheck, "key" | "title" | "source">, state: OrderWeightState): SupplyCheck {
  if (state.checkInReference) return fromCheckIn({ ...base, source: CONTINUATION_SOURCE }, state, state.checkInReference);
  const { latest } = state;
  if (latest?.passed) return { ...base, state: "met", summary: `Verified BMI ${latest.bmi.toFixed(1)} meets the rule for ${state.medicine}.`, facts: facts(latest), blocking: null };
  if (latest) return { ...base, state: "unmet", summary: latest.failure ?? "The BMI rule is not met.", facts: facts(latest), blocking: latest.failure ?? "The verified BMI does not meet the rule: decline the order." };
  const sent = state.evidence[0]?.kind ?? null;
  const blocking =
    sent === "PHOTO"
      ? "No verified weight yet: the patient has sent a photo — record the verified weight."
      : sent === "VIDEO_CONSULTATION"
        ? "No verified weight yet: the patient chose a video consultation — record the verified weight once you have seen them weighed."
        : "No verified weight yet: the patient has not sent a weight photo or booked a video consultation yet.";
  return { ...base, state: "unmet", summary: blocking, facts: [], blocking };
}

/**
 * A renewal made from an approved check-in: the weight the prescriber verified from the
 * check-in's scales photo. At continuation the starting BMI threshold does not apply; the
 * change since the first verified weight is shown as a fact for the review NICE TA1026 asks for.
 */
function fromCheckIn(base: Pick<SupplyCheck, "key" | "title" | "source">, state: OrderWeightState, reference: string): SupplyCheck {
  const { latest, change } = state;
  if (!latest) {
    const blocking = `No verified weight at check-in ${reference}: a repeat supply of ${state.medicine ?? "this medicine"} needs the weight the prescriber verified from the patient's scales photo.`;
    return { ...base, state: "unmet", summary: blocking, facts: [], blocking };
  }
  const changeFacts = change
    ? [{ label: "Change since the first verified weight", value: `${change.percent > 0 ? "+" : ""}${change.percent.toFixed(1)}% (from ${change.firstKg.toFixed(1)} kg on ${formatDateTime(change.firstAt)})` }]
    : [];
  return {
    ...base,
    state: "met",
    summary: `Weight verified at check-in ${reference}: ${latest.weightKg.toFixed(1)} kg. At continuation the starting BMI threshold does not apply.`,
    facts: [...facts(latest).filter((fact) => fact.label !== "Height (assessment)" && fact.label !== "BMI"), ...changeFacts],
    blocking: null,
  };
}

function facts(record: WeightVerificationView): SupplyCheck["facts"] {
  return [
    { label: "Verified weight", value: `${record.weightKg.toFixed(1)} kg` },
    { label: "Height (assessment)", value: `${record.heightCm.toFixed(1)} cm` },
    { label: "BMI", value: record.bmi.toFixed(1) },
    { label: "Method", value: WEIGHT_METHOD_LABELS[record.method] },
    { label: "Recorded by", value: record.byName },
    { label: "When", value: formatDateTime(record.at) },
    ...(record.note ? [{ label: "Note", value: record.note }] : []),
  ];
}
