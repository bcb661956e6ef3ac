import { currentStepLabel, prescriptionTimeline, type TimelineFacts } from "./prescription-timeline";

const PAID = new Date("2026-05-01T09:00:00Z");
const ASKED = new Date("2026-05-01T12:00:00Z");
const REPLIED = new Date("2026-05-01T15:00:00Z");
const DECIDED = new Date("2026-05-02T09:00:00Z");

function facts(overrides: Partial<TimelineFacts>): TimelineFacts {
  return { status: "SUBMITTED", pricePence: 1999, submittedAt: PAID, decidedAt: null, refundedAt: null, lastQuestionAt: null, lastReplyAt: null, ...overrides };
}

/** "label:state" for each step, in order. */
function shape(input: Partial<TimelineFacts>) {
  return prescriptionTimeline(facts(input)).map((step) => `${step.label}:${step.state}`);
}

describe("prescriptionTimeline", () => {
  it("waits in the queue after payment", () => {
    expect(shape({ status: "SUBMITTED" })).toEqual(["Submitted:current", "In review:upcoming", "Decision:upcoming"]);
  });

  it("is in review once a prescriber claims it", () => {
    expect(shape({ status: "IN_REVIEW" })).toEqual(["Submitted:done", "In review:current", "Decision:upcoming"]);
  });

  it("shows the question as the current step while the prescriber waits for the patient", () => {
    expect(shape({ status: "AWAITING_PATIENT", lastQuestionAt: ASKED })).toEqual([
      "Submitted:done",
      "In review:done",
      "Question for you:current",
      "Back in review:upcoming",
      "Decision:upcoming",
    ]);
  });

  it("is back in review after the patient answers, whether or not a prescriber has claimed it again", () => {
    for (const status of ["SUBMITTED", "IN_REVIEW"] as const) {
      expect(shape({ status, lastQuestionAt: ASKED, lastReplyAt: REPLIED })).toEqual([
        "Submitted:done",
        "In review:done",
        "Question for you:done",
        "Back in review:current",
        "Decision:upcoming",
      ]);
    }
  });

  it("asks again: a second question is current even though the patient answered a first", () => {
    const later = new Date(REPLIED.getTime() + 3600_000);
    expect(shape({ status: "AWAITING_PATIENT", lastQuestionAt: later, lastReplyAt: REPLIED })).toContain("Question for you:current");
  });

  it("ends with the issued prescription, keeping the question steps that happened", () => {
    expect(shape({ status: "ISSUED", decidedAt: DECIDED })).toEqual(["Submitted:done", "In review:done", "Prescription issued:current"]);
    expect(shape({ status: "ISSUED", decidedAt: DECIDED, lastQuestionAt: ASKED, lastReplyAt: REPLIED })).toEqual([
      "Submitted:done",
      "In review:done",
      "Question for you:done",
      "Back in review:done",
      "Prescription issued:current",
    ]);
  });

  it("ends declined and refunded, naming the amount", () => {
    const steps = prescriptionTimeline(facts({ status: "DECLINED", decidedAt: DECIDED }));
    expect(steps.map((step) => `${step.label}:${step.state}`)).toEqual(["Submitted:done", "In review:done", "Declined and refunded:current"]);
    expect(steps.at(-1)).toMatchObject({ detail: "Your £19.99 has been refunded.", at: DECIDED.toISOString() });
  });

  it("declined while the question was unanswered shows no answer step", () => {
    expect(shape({ status: "DECLINED", decidedAt: DECIDED, lastQuestionAt: ASKED })).toEqual([
      "Submitted:done",
      "In review:done",
      "Question for you:done",
      "Declined and refunded:current",
    ]);
  });

  it("a paid request refunded before a decision is cancelled and refunded", () => {
    const refundedAt = new Date("2026-05-01T10:00:00Z");
    const steps = prescriptionTimeline(facts({ status: "CANCELLED", refundedAt }));
    expect(steps.map((step) => `${step.label}:${step.state}`)).toEqual(["Submitted:done", "Cancelled and refunded:current"]);
    expect(steps[1]!.at).toBe(refundedAt.toISOString());
  });

  it("always has exactly one current step, and names it", () => {
    for (const status of ["SUBMITTED", "IN_REVIEW", "AWAITING_PATIENT", "ISSUED", "DECLINED", "CANCELLED"] as const) {
      for (const asked of [null, ASKED]) {
        const steps = prescriptionTimeline(facts({ status, lastQuestionAt: asked }));
        expect(steps.filter((step) => step.state === "current")).toHaveLength(1);
        expect(currentStepLabel(steps)).toBe(steps.find((step) => step.state === "current")!.label);
      }
    }
    expect(currentStepLabel(prescriptionTimeline(facts({ status: "AWAITING_PATIENT", lastQuestionAt: ASKED })))).toBe("Question for you");
  });

  it("dates the steps it knows the time of", () => {
    const steps = prescriptionTimeline(facts({ status: "IN_REVIEW", lastQuestionAt: ASKED, lastReplyAt: REPLIED }));
    expect(steps.find((step) => step.key === "submitted")!.at).toBe(PAID.toISOString());
    expect(steps.find((step) => step.key === "question")!.at).toBe(ASKED.toISOString());
    expect(steps.find((step) => step.key === "answered")!.at).toBe(REPLIED.toISOString());
  });
});
