import type { QuestionnaireDefinition } from "../types";
import { CONSULT, dateOfBirthQuestion, stopIfYes, understandingQuestion, YES_NO } from "./assessment-parts";

// Tirzepatide (Mounjaro) for weight management: Mounjaro SmPC sections 4.1–4.6 and NICE
// TA1026. The BMI is computed from height and weight (lib/questionnaire/bmi.ts), never stated.

const NONE = "None of these";

export const mounjaroAssessment: QuestionnaireDefinition = {
  slug: "mounjaro",
  title: "Mounjaro assessment",
  version: 1,
  source: "Mounjaro SmPC (sections 4.1–4.6), NICE TA1026 (2024), GPhC guidance for online pharmacies 2019",
  assessment: {
    treatmentType: "mounjaro",
    // Prescription-only, dose and weight reviewed often: re-asked every three months.
    validityDays: 90,
    products: [{ product: "mounjaro", source: "Mounjaro SmPC 4.1: weight management in adults" }],
    description: "A confidential online assessment for Mounjaro (tirzepatide) weight-loss treatment, reviewed by a UK prescriber.",
  },
  steps: [
    dateOfBirthQuestion({ next: 2, maxAge: 75, endMessage: `Mounjaro for weight loss is for adults aged 18 to 75 when bought online. ${CONSULT}`, source: "SmPC 4.2: adults; limited data over 75, so a face-to-face review" }),
    {
      id: "sex",
      section: "About you",
      text: "What was your sex at birth?",
      kind: "single",
      options: ["Male", "Female"],
      branching: { rules: [{ when: { equals: "Female" }, goto: 3, source: "SmPC 4.6: not in pregnancy or breastfeeding" }], otherwise: 4 },
    },
    stopIfYes("pregnancy", "Are you pregnant, breastfeeding, or planning a pregnancy in the next 2 months?", {
      next: 4,
      endMessage: `Mounjaro must not be used during pregnancy or breastfeeding, or for 1 month before trying to conceive. ${CONSULT}`,
      source: "SmPC 4.6 Fertility, pregnancy and lactation",
    }),
    {
      id: "measurements",
      section: "Your weight",
      text: "What are your height and weight?",
      hint: "We work out your body mass index (BMI) from these.",
      kind: "measurements",
      branching: {
        rules: [
          { when: { bmiUnder: 27 }, goto: "end", source: "SmPC 4.1: BMI ≥ 30, or ≥ 27 with a weight-related condition" },
          { when: { bmiUnder: 30 }, goto: 5, source: "SmPC 4.1: BMI 27 to 29.9 needs a weight-related condition" },
        ],
        otherwise: 6,
      },
      endMessage: `Mounjaro for weight loss is for adults with a BMI of 30 or more, or 27 or more with a weight-related health condition. ${CONSULT}`,
    },
    {
      id: "weight-conditions",
      text: "Do you have any of these conditions?",
      hint: "Select all that apply.",
      kind: "multi",
      options: ["Type 2 diabetes or prediabetes", "High blood pressure", "High cholesterol", "Heart disease", "Obstructive sleep apnoea", NONE],
      branching: { rules: [{ when: { includes: NONE }, goto: "end", source: "SmPC 4.1: weight-related comorbidity required at BMI 27 to 29.9" }], otherwise: 6 },
      endMessage: `With a BMI under 30, Mounjaro is for people with a weight-related health condition. ${CONSULT}`,
    },
    stopIfYes("pancreatitis-diabetes", "Have you ever had pancreatitis, or do you have type 1 diabetes?", {
      section: "Your health",
      next: 7,
      endMessage: `Mounjaro is not suitable after pancreatitis or with type 1 diabetes. ${CONSULT}`,
      source: "SmPC 4.4: acute pancreatitis; not for type 1 diabetes",
    }),
    stopIfYes("thyroid", "Have you or a close relative had medullary thyroid cancer, or do you have multiple endocrine neoplasia type 2 (MEN2)?", {
      next: 8,
      endMessage: `Mounjaro is not suitable with a personal or family history of medullary thyroid cancer or MEN2. ${CONSULT}`,
      source: "SmPC 5.3 (thyroid C-cell tumours in rodents); MHRA advice on GLP-1 medicines",
    }),
    stopIfYes("other-conditions", "Do you have diabetic eye disease (retinopathy), severe stomach or bowel problems such as gastroparesis, or a current or past eating disorder?", {
      next: 9,
      endMessage: `Mounjaro needs a doctor's care with these conditions. ${CONSULT}`,
      source: "SmPC 4.4: diabetic retinopathy, severe gastrointestinal disease; eating disorders (GPhC weight-loss guidance)",
    }),
    {
      id: "medicines",
      text: "Do you take any other medicines, for example insulin, gliclazide or another sulfonylurea, an oral contraceptive pill, or another weight-loss injection?",
      kind: "single",
      options: YES_NO,
      textBox: true,
      textBoxLabel: "Details (if yes, list the medicines you take)",
      detailsRequiredWhen: { equals: "Yes" },
      detailsRequiredMessage: "Please list the medicines you take.",
      source: "SmPC 4.5 Interactions: hypoglycaemia with insulin or sulfonylureas; oral contraceptives; the prescriber reviews them",
    },
    understandingQuestion(
      "Mounjaro is a weekly injection used with a reduced-calorie diet and more exercise. Get medical help at once for severe stomach pain that does not go away, which can be pancreatitis.",
      "A prescriber reviews these answers before your treatment is sent.",
    ),
  ],
};
