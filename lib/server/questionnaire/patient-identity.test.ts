import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import { patientIdentity } from "./patient-identity";

const definition = getQuestionnaireDefinition("prescription")!;

describe("patientIdentity", () => {
  it("reads the name and date of birth from their questions and computes the age on the day", () => {
    const answers = { 1: { choice: null, text: " Alex Morgan " }, 2: { choice: null, text: "1990-05-17" }, 3: { choice: "Male", text: "" } };
    expect(patientIdentity(definition, answers, "2026-05-16")).toEqual({ name: "Alex Morgan", dateOfBirth: "1990-05-17", age: 35 });
    expect(patientIdentity(definition, answers, "2026-05-17").age).toBe(36);
  });

  it("gives nulls for missing or malformed answers", () => {
    expect(patientIdentity(definition, {}, "2026-05-16")).toEqual({ name: null, dateOfBirth: null, age: null });
    expect(patientIdentity(definition, { 2: { choice: null, text: "17/05/1990" } }, "2026-05-16").dateOfBirth).toBeNull();
  });
});
