import type { QuestionnaireDefinition } from "../types";
import { CONSULT, dateOfBirthQuestion, stopIfYes, understandingQuestion, YES_NO } from "./assessment-parts";

// Topical minoxidil (P medicine): 5% for men, 2% for women. Rules from the UK SmPCs
// (Regaine for Men Extra Strength 5% Scalp Solution; Regaine for Women Regular Strength 2%).

export const minoxidilAssessment: QuestionnaireDefinition = {
  slug: "minoxidil",
  title: "Minoxidil assessment",
  version: 1,
  source: "Regaine 5% and 2% Scalp Solution SmPCs (sections 4.1–4.6), GPhC guidance for online pharmacies 2019",
  assessment: {
    treatmentType: "minoxidil",
    // A pharmacist's check of a P medicine for a long-term condition: re-asked twice a year.
    validityDays: 180,
    products: [
      { step: 1, when: { equals: "Female" }, product: "minoxidil-2-women", source: "2% SmPC 4.1: women; 5% SmPC 4.1: men only" },
      { product: "minoxidil-5-men", source: "5% SmPC 4.1: men aged 18 to 65" },
    ],
    description: "A short online assessment for Minoxidil 5% for Men or 2% for Women, checked by a UK pharmacist before your treatment is sent.",
  },
  steps: [
    {
      id: "sex",
      section: "About you",
      text: "What was your sex at birth?",
      hint: "Minoxidil 5% is for men and Minoxidil 2% for women: we offer the one licensed for you.",
      kind: "single",
      options: ["Male", "Female"],
      branching: { rules: [{ when: { equals: "Female" }, goto: 2, source: "2% SmPC 4.6: not in pregnancy or breastfeeding" }], otherwise: 3 },
    },
    stopIfYes("pregnancy", "Are you pregnant, breastfeeding, or planning a pregnancy?", {
      next: 3,
      endMessage: `Minoxidil must not be used during pregnancy or breastfeeding. ${CONSULT}`,
      source: "2% SmPC 4.6 Fertility, pregnancy and lactation",
    }),
    dateOfBirthQuestion({
      next: 4,
      maxAge: 65,
      endMessage: `Minoxidil is licensed for adults aged 18 to 65. ${CONSULT}`,
      source: "SmPC 4.1/4.2: adults 18 to 65; not studied outside that range",
    }),
    {
      id: "pattern",
      section: "Your hair loss",
      text: "Which best describes your hair loss?",
      kind: "single",
      options: [
        "Gradual thinning on the top or crown of my head, or a receding hairline",
        "Sudden shedding, or hair coming out in patches",
        "Hair loss on other parts of my body too",
      ],
      branching: {
        rules: [
          {
            when: { oneOf: ["Sudden shedding, or hair coming out in patches", "Hair loss on other parts of my body too"] },
            goto: "end",
            source: "SmPC 4.4: not for sudden, patchy or unexplained hair loss (causes minoxidil does not treat)",
          },
        ],
        otherwise: 5,
      },
      endMessage: `Sudden, patchy or widespread hair loss can have causes that minoxidil does not treat, and needs a doctor's assessment first. ${CONSULT}`,
    },
    stopIfYes("scalp", "Is your scalp sore, red, inflamed, sunburnt or shaved, or do you have psoriasis or another condition of the scalp?", {
      next: 6,
      endMessage: `Minoxidil must not be used on a sore, inflamed or damaged scalp: more of it is absorbed into the body. ${CONSULT}`,
      source: "SmPC 4.3 Contraindications and 4.4: inflamed or damaged scalp",
    }),
    stopIfYes("heart", "Do you have heart disease, chest pain, a heart rhythm problem, or high or low blood pressure (treated or not)?", {
      next: 7,
      endMessage: `Minoxidil can affect the heart and blood pressure, so it is not suitable without a doctor's advice. ${CONSULT}`,
      source: "SmPC 4.4: known cardiovascular disease, arrhythmia, hypertension or hypotension",
    }),
    {
      id: "scalp-treatments",
      text: "Do you use any other medicine on your scalp, such as a steroid cream or tretinoin?",
      kind: "single",
      options: YES_NO,
      textBox: true,
      textBoxLabel: "Details (if yes, which medicines)",
      detailsRequiredWhen: { equals: "Yes" },
      detailsRequiredMessage: "Please tell us which medicines you use on your scalp.",
      source: "SmPC 4.5: other topical medicines can increase absorption; the pharmacist reviews them",
    },
    understandingQuestion(
      "Minoxidil is applied twice a day and takes about 4 months to show results. Stop using it and seek advice if you get chest pain, a fast heartbeat, faintness, dizziness or swollen hands or feet.",
      "Your pharmacist reviews these answers before your treatment is sent.",
    ),
  ],
};
