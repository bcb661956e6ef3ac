import type { Question, QuestionnaireDefinition } from "../types";

// The prescription service's questionnaire: the spec's 20 questions (section 5), word for
// word, with their sections, options, branching and messages. Only a text question whose
// branch ends on empty text requires text (step 1's name, as the spec's branching says);
// the plain text steps (5, 8, 10 and 14 "Current hair products?") may be left empty
// (product-decisions.md, "Questionnaire text questions"). Beyond the spec, as a UK pharmacy
// would: "Yes" to medications requires the list, and a date of birth must be a real past date.

const YES_NO = ["Yes", "No"];
const OPTIONAL_TEXT = "Optional: you may leave this empty.";

const steps: Question[] = [
  {
    id: "full-name",
    section: "Personal Information",
    text: "Full Name",
    kind: "text",
    singleLine: true,
    autoComplete: "name",
    maxLength: 200,
    branching: { rules: [{ when: { empty: true }, goto: "end" }], otherwise: 2 },
    endMessage: "Please enter your full name.",
  },
  {
    id: "date-of-birth",
    text: "Date of Birth",
    hint: "YYYY-MM-DD: type it or choose it from the calendar.",
    kind: "date",
    textBoxPlaceholder: "YYYY-MM-DD",
    autoComplete: "bday",
    requiredMessage: "Please enter your date of birth.",
    invalidMessage: "Please enter a valid date of birth.",
    branching: { rules: [{ when: { ageUnder: 18 }, goto: "end" }], otherwise: 3 },
    endMessage: "Must be 18 or older.",
  },
  { id: "gender", text: "Gender", kind: "single", options: ["Male", "Female", "Other"] },
  {
    id: "health-conditions",
    text: "Any health conditions?",
    kind: "single",
    options: YES_NO,
    textBox: true,
    branching: { rules: [{ when: { equals: "Yes" }, goto: 5 }], otherwise: 6 },
  },
  { id: "health-condition-details", text: "Details of health conditions", kind: "text", optional: true, hint: OPTIONAL_TEXT },
  {
    id: "medications",
    text: "Taking medications?",
    kind: "single",
    options: YES_NO,
    textBox: true,
    textBoxLabel: "Details (if yes, list the medicines you take)",
    detailsRequiredWhen: { equals: "Yes" },
  },
  {
    id: "medication-allergies",
    text: "Allergic to medications?",
    kind: "single",
    options: YES_NO,
    textBox: true,
    branching: { rules: [{ when: { equals: "Yes" }, goto: 8 }], otherwise: 9 },
  },
  { id: "allergy-details", text: "Allergy details", kind: "text", optional: true, hint: OPTIONAL_TEXT },
  {
    id: "hair-concerns",
    section: "Hair & Scalp Assessment",
    text: "Hair concerns",
    hint: "Select all that apply.",
    kind: "multi",
    options: ["Thinning", "Bald patches", "Shedding", "Other"],
    branching: { rules: [{ when: { includes: "Other" }, goto: 10 }], otherwise: 11 },
  },
  { id: "other-hair-concerns", text: "Other hair concerns", kind: "text", optional: true, hint: OPTIONAL_TEXT },
  {
    id: "problem-duration",
    text: "Duration of problem",
    kind: "single",
    options: ["<3 months", "3-6 months", ">6 months"],
    branching: { rules: [{ when: { equals: "<3 months" }, goto: "end" }], otherwise: 12 },
    endMessage: "Consult a professional for recent loss.",
  },
  {
    id: "used-minoxidil",
    text: "Used Minoxidil?",
    kind: "single",
    options: YES_NO,
    branching: { rules: [{ when: { equals: "Yes" }, goto: 13 }], otherwise: 14 },
  },
  { id: "minoxidil-helped", text: "Did it help?", kind: "single", options: ["Yes", "No", "Not sure"] },
  { id: "current-hair-products", text: "Current hair products?", kind: "text", optional: true, hint: OPTIONAL_TEXT },
  { id: "family-history", section: "Family & Lifestyle", text: "Family hair loss history?", kind: "single", options: YES_NO },
  { id: "wash-frequency", text: "Hair wash frequency", kind: "single", options: ["1-2 times", "3-4 times", "Daily"] },
  { id: "water-type", text: "Water type", kind: "single", options: ["Tap", "Filtered", "Hard"] },
  { id: "smoke-or-drink", text: "Smoke or drink?", kind: "single", options: YES_NO, textBox: true },
  { id: "diet-type", text: "Diet type", kind: "single", options: ["Balanced", "Low protein", "High sugar", "Vegan"] },
  {
    id: "scalp-photos",
    section: "Optional Uploads",
    text: "Upload scalp photos",
    hint: "Optional. JPEG or PNG images, up to 10 MB each.",
    kind: "upload",
    upload: { accept: ["image/jpeg", "image/png"], minFiles: 0, maxFiles: 5, maxBytes: 10 * 1024 * 1024 },
    branching: { otherwise: "submit" },
  },
];

export const prescriptionQuestionnaire: QuestionnaireDefinition = {
  slug: "prescription",
  title: "Prescription questionnaire",
  version: 1,
  steps,
};
