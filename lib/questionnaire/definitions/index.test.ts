import { questionnaireDefinitionSchema } from "../definition-schema";
import { getQuestionnaireDefinition, listQuestionnaireSlugs } from "./index";
import { prescriptionQuestionnaire } from "./prescription";

describe("the questionnaire registry", () => {
  it("loads every definition through the schema", () => {
    expect(listQuestionnaireSlugs()).toContain("prescription");
    for (const slug of listQuestionnaireSlugs()) {
      expect(questionnaireDefinitionSchema.safeParse(getQuestionnaireDefinition(slug)).success).toBe(true);
    }
    expect(getQuestionnaireDefinition("nope")).toBeNull();
  });

  it("hands out definitions that cannot be changed by a caller", () => {
    const def = getQuestionnaireDefinition("prescription");
    expect(() => {
      (def!.steps[0] as { text: string }).text = "Changed";
    }).toThrow(TypeError);
  });

  it("fails to load when a definition is broken", async () => {
    await jest.isolateModulesAsync(async () => {
      jest.doMock("./prescription", () => ({
        prescriptionQuestionnaire: {
          ...prescriptionQuestionnaire,
          steps: prescriptionQuestionnaire.steps.map((q, i) => (i === 3 ? { ...q, branching: { otherwise: 3 } } : q)),
        },
      }));
      await expect(import("./index")).rejects.toThrow(/Questionnaire definition "prescription" is invalid/);
    });
  });
});

describe("the prescription questionnaire keeps the spec's words", () => {
  const def = getQuestionnaireDefinition("prescription")!;

  it("asks the spec's 20 questions in order", () => {
    expect(def.steps.map((q) => q.text)).toEqual([
      "Full Name",
      "Date of Birth",
      "Gender",
      "Any health conditions?",
      "Details of health conditions",
      "Taking medications?",
      "Allergic to medications?",
      "Allergy details",
      "Hair concerns",
      "Other hair concerns",
      "Duration of problem",
      "Used Minoxidil?",
      "Did it help?",
      "Current hair products?",
      "Family hair loss history?",
      "Hair wash frequency",
      "Water type",
      "Smoke or drink?",
      "Diet type",
      "Upload scalp photos",
    ]);
  });

  it("uses the spec's kinds, text boxes and upload types", () => {
    expect(def.steps.map((q) => q.kind).join(",")).toBe(
      "text,date,single,single,text,single,single,text,multi,text,single,single,single,text,single,single,single,single,single,upload",
    );
    expect(def.steps.flatMap((q, i) => (q.textBox ? [i + 1] : []))).toEqual([4, 6, 7, 18]);
    expect(def.steps.every((q) => !q.textBox || q.textBoxPlaceholder === undefined)).toBe(true);
    expect(def.steps[19]?.upload?.accept).toEqual(["image/jpeg", "image/png"]);
    expect(def.steps[19]?.upload?.minFiles).toBe(0);
  });
});
