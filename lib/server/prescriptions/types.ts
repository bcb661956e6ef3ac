export type PrescriptionStatus = "PENDING_PAYMENT" | "SUBMITTED" | "IN_REVIEW" | "AWAITING_PATIENT" | "ISSUED" | "DECLINED" | "CANCELLED";

/** A prescription request as its owner sees it: no answers, no clinical notes. */
export type PrescriptionRequestView = {
  id: string;
  reference: string;
  status: PrescriptionStatus;
  questionnaireId: string;
  pricePence: number;
  planName: string | null;
  submittedAt: string | null;
  dueAt: string | null;
  createdAt: string;
};

// The patient's side of a request: the Orders list, the request page, Medical documents.

type TimelineStepKey = "submitted" | "in_review" | "question" | "answered" | "decision";

/** One step of a request's timeline; exactly one step is "current" (aria-current="step"). */
export type TimelineStep = { key: TimelineStepKey; label: string; detail: string; state: "done" | "current" | "upcoming"; at: string | null };

export type PatientRequestSummary = {
  id: string;
  reference: string;
  status: PrescriptionStatus;
  /** The current step's label, e.g. "Question for you". */
  statusLabel: string;
  submittedAt: string | null;
  timeline: TimelineStep[];
};

export type CaseMessageView = {
  id: string;
  author: "PATIENT" | "STAFF";
  body: string;
  createdAt: string;
  /** A photo sent with a patient's answer, served to its owner at `url`. */
  photo: { name: string; url: string } | null;
};

/** A question on the path the patient took, with the answer as lines of text. */
export type AnsweredQuestion = { step: number; section: string | null; question: string; answer: string[] };

export type OwnPhotoView = { id: string; name: string; url: string; uploadedAt: string };

export type SubmittedAnswersView = {
  id: string;
  title: string;
  submittedAt: string | null;
  answers: AnsweredQuestion[];
  photos: OwnPhotoView[];
};

export type PatientCaseView = PatientRequestSummary & {
  pricePence: number;
  planName: string | null;
  decidedAt: string | null;
  /** Shown only when DECLINED. */
  declineReason: string | null;
  /** AWAITING_PATIENT: the reply form is open. */
  canReply: boolean;
  messages: CaseMessageView[];
  /** The issued prescription's document reference (its printable page and PDF). */
  prescription: { reference: string; issuedAt: string } | null;
  questionnaire: SubmittedAnswersView;
};

/** Something the patient must do, shown in the dashboard's Tasks card. */
export type PatientTask =
  | { kind: "prescriber_question"; requestId: string; reference: string; askedAt: string | null }
  /** A prescription-only subscription's renewal check-in to answer (due before `dueBy`, or missed: answering late still supplies). */
  | { kind: "check_in"; checkInId: string; reference: string; planName: string; dueBy: string; missed: boolean };

export type MedicalDocumentsView = {
  prescriptions: { reference: string; medicine: string; issuedAt: string; requestReference: string }[];
  questionnaires: { id: string; title: string; submittedAt: string; requestReferences: string[]; photoCount: number }[];
  photos: (OwnPhotoView & { source: string })[];
};
