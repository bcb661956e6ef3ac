import "server-only";
import type { Outcome, Severity } from "@/lib/side-effects/rules";

/** A treatment the patient received and may report about: `key` is what the form sends. */
export type ReceivedTreatment = { key: string; name: string; detail: string };

export type SideEffectMessageView = { id: string; author: "PATIENT" | "STAFF"; authorName: string | null; body: string; createdAt: string };

type SideEffectTriageView = { at: string; outcome: Outcome; note: string; byName: string | null };

export type SideEffectReportSummary = {
  id: string;
  reference: string;
  treatmentName: string;
  severity: Severity;
  serious: boolean;
  reportedAt: string;
  triaged: boolean;
};

export type SideEffectReportView = SideEffectReportSummary & {
  description: string;
  startedOn: string;
  redFlags: string[];
  messages: SideEffectMessageView[];
  triage: SideEffectTriageView | null;
};

/** The staff view adds who reported it (the patient's name and email, null once the account is gone). */
export type StaffSideEffectReportView = SideEffectReportView & { patient: { name: string; email: string } | null };

/** An untriaged report: the flag on the patient's later orders (and, later, renewal check-ins). */
export type SideEffectFlag = { reportId: string; reference: string; reportedAt: string; severity: Severity; serious: boolean };
