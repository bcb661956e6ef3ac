import { prescriptionQuestionnaire as def } from "./definitions/prescription";
import type { Answers } from "./types";
import { answersOnPath, validateSubmission, walkPath } from "./walk-path";

const ctx = { today: "2026-06-15" };

/** The shortest way through: No to every branch question. */
function shortPath(): Answers {
  return {
    1: { choice: null, text: "Ada Lovelace" },
    2: { choice: null, text: "1990-12-10" },
    3: { choice: "Female", text: "" },
    4: { choice: "No", text: "" },
    6: { choice: "No", text: "" },
    7: { choice: "No", text: "" },
    9: { choice: ["Thinning"], text: "" },
    11: { choice: ">6 months", text: "" },
    12: { choice: "No", text: "" },
    14: { choice: null, text: "A gentle shampoo" },
    15: { choice: "Yes", text: "" },
    16: { choice: "Daily", text: "" },
    17: { choice: "Hard", text: "" },
    18: { choice: "No", text: "" },
    19: { choice: "Balanced", text: "" },
  };
}

/** Every branch taken: all 20 steps answered. */
function longPath(): Answers {
  return {
    ...shortPath(),
    4: { choice: "Yes", text: "" },
    5: { choice: null, text: "Mild eczema" },
    6: { choice: "Yes", text: "Sertraline 50 mg" },
    7: { choice: "Yes", text: "" },
    8: { choice: null, text: "Penicillin" },
    9: { choice: ["Shedding", "Other"], text: "" },
    10: { choice: null, text: "Itchy scalp" },
    12: { choice: "Yes", text: "" },
    13: { choice: "Not sure", text: "" },
    20: { choice: null, text: "" },
  };
}

describe("walkPath and validateSubmission", () => {
  it("accept the shortest valid path and list its steps", () => {
    const result = validateSubmission(def, shortPath(), ctx);
    expect(result).toEqual({ ok: true, steps: [1, 2, 3, 4, 6, 7, 9, 11, 12, 14, 15, 16, 17, 18, 19, 20] });
  });

  it("accept the path through all 20 steps, with photos", () => {
    expect(validateSubmission(def, longPath(), { ...ctx, photoCount: 2 })).toEqual({ ok: true, steps: Array.from({ length: 20 }, (_, i) => i + 1) });
  });

  it("accept the long path with its plain text steps (5, 8, 10, 14) left empty", () => {
    const answers = { ...longPath(), 5: { choice: null, text: "" }, 8: { choice: null, text: "" }, 10: { choice: null, text: "" }, 14: { choice: null, text: "" } };
    expect(validateSubmission(def, answers, ctx).ok).toBe(true);
  });

  it("answersOnPath drops the answers to skipped steps, and keeps everything when the path stops", () => {
    const answers = { ...shortPath(), 5: { choice: null, text: "left over" }, 13: { choice: "Yes", text: "" } };
    const kept = answersOnPath(def, answers, ctx);
    expect(kept).toEqual(shortPath());
    expect(validateSubmission(def, kept, ctx).ok).toBe(true);
    const stopped = { ...answers, 11: { choice: "<3 months", text: "" } };
    expect(answersOnPath(def, stopped, ctx)).toEqual(stopped);
  });

  it("refuse a step the branching skipped when it is filled in", () => {
    const answers = { ...shortPath(), 5: { choice: null, text: "left over from an earlier Yes" } };
    expect(walkPath(def, answers, ctx).ok).toBe(true);
    expect(validateSubmission(def, answers, ctx)).toEqual({
      ok: false,
      step: 5,
      message: "Question 5 does not apply to your earlier answers and must be left empty.",
    });
    expect(validateSubmission(def, { ...shortPath(), 13: { choice: "Yes", text: "" } }, ctx)).toMatchObject({ ok: false, step: 13 });
  });

  it("accept a skipped step that is present but empty", () => {
    expect(validateSubmission(def, { ...shortPath(), 5: { choice: null, text: "  " }, 10: { choice: [], text: "" } }, ctx).ok).toBe(true);
  });

  it("refuse a required step that is missing, at that step", () => {
    const answers = shortPath();
    delete answers[16];
    expect(validateSubmission(def, answers, ctx)).toEqual({ ok: false, step: 16, message: "Please select an answer." });
    const noName = shortPath();
    delete noName[1];
    expect(validateSubmission(def, noName, ctx)).toEqual({ ok: false, step: 1, message: "Please enter your full name." });
  });

  it("refuse a path that ends the questionnaire", () => {
    expect(validateSubmission(def, { ...shortPath(), 11: { choice: "<3 months", text: "" } }, ctx)).toEqual({
      ok: false,
      step: 11,
      message: "Consult a professional for recent loss.",
    });
    expect(validateSubmission(def, { ...shortPath(), 2: { choice: null, text: "2010-01-01" } }, ctx)).toEqual({
      ok: false,
      step: 2,
      message: "Must be 18 or older.",
    });
    expect(validateSubmission(def, { ...shortPath(), 1: { choice: null, text: "" } }, ctx)).toEqual({
      ok: false,
      step: 1,
      message: "Please enter your full name.",
    });
  });

  it("judges age by the context's London date", () => {
    const answers = { ...shortPath(), 2: { choice: null, text: "2008-06-16" } };
    expect(validateSubmission(def, answers, { today: "2026-06-15" })).toMatchObject({ ok: false, step: 2 });
    expect(validateSubmission(def, answers, { today: "2026-06-16" }).ok).toBe(true);
  });

  it("refuse answers to steps the questionnaire does not have, and an empty submission", () => {
    expect(validateSubmission(def, { ...shortPath(), 21: { choice: null, text: "x" } }, ctx)).toEqual({
      ok: false,
      step: 21,
      message: "This question does not exist.",
    });
    expect(validateSubmission(def, {}, ctx)).toEqual({ ok: false, step: 1, message: "Please enter your full name." });
  });
});
