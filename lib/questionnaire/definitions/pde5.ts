import type { QuestionnaireDefinition } from "../types";
import { CONSULT, dateOfBirthQuestion, stopIfYes, understandingQuestion, YES_NO } from "./assessment-parts";

// Sildenafil (Viagra) and tadalafil (Cialis) ask the same screening questions: both are
// PDE5 inhibitors with the same contraindications (their UK SmPCs, sections 4.1–4.5).

type Pde5 = { slug: "viagra" | "cialis"; medicine: string; smpc: string; description: string; takeHint: string };

function pde5Assessment({ slug, medicine, smpc, description, takeHint }: Pde5): QuestionnaireDefinition {
  return {
    slug,
    title: `${medicine} assessment`,
    version: 1,
    source: `${smpc} (sections 4.1–4.5), GPhC guidance for online pharmacies 2019`,
    assessment: {
      treatmentType: slug,
      // Prescription-only: the prescriber's check is re-asked every three months.
      validityDays: 90,
      products: [{ product: slug, source: `${smpc} 4.1: erectile dysfunction in adult men` }],
      description,
    },
    steps: [
      {
        id: "sex",
        section: "About you",
        text: "What was your sex at birth?",
        kind: "single",
        options: ["Male", "Female"],
        branching: { rules: [{ when: { equals: "Female" }, goto: "end", source: `${smpc} 4.1: indicated in adult men` }], otherwise: 2 },
        endMessage: `${medicine} is licensed for men with erectile dysfunction only. ${CONSULT}`,
      },
      dateOfBirthQuestion({ next: 3, source: `${smpc} 4.2: adults; not for under 18s` }),
      {
        id: "erectile-dysfunction",
        section: "Your symptoms",
        text: "Do you have difficulty getting or keeping an erection firm enough for sex?",
        kind: "single",
        options: YES_NO,
        branching: { rules: [{ when: { equals: "No" }, goto: "end", source: `${smpc} 4.1: for erectile dysfunction only` }], otherwise: 4 },
        endMessage: `${medicine} treats erectile dysfunction, which you have not described. ${CONSULT}`,
      },
      stopIfYes(
        "nitrates",
        "Do you take any nitrate medicine (such as a GTN spray or tablets, isosorbide mononitrate or dinitrate), use 'poppers' (amyl nitrite), or take riociguat?",
        {
          section: "Your health",
          next: 5,
          endMessage: `${medicine} must never be taken with nitrates, poppers or riociguat: together they can cause a dangerous fall in blood pressure. ${CONSULT}`,
          source: `${smpc} 4.3 Contraindications and 4.5 Interactions: nitrates, nitric oxide donors, riociguat`,
        },
      ),
      stopIfYes(
        "heart",
        "In the last 6 months, have you had a heart attack or a stroke, or do you have unstable angina, severe heart failure, or been advised not to have sex?",
        {
          next: 6,
          endMessage: `Sexual activity and ${medicine} can strain the heart, so a doctor needs to check it is safe for you first. ${CONSULT}`,
          source: `${smpc} 4.3: recent myocardial infarction or stroke, unstable angina, severe cardiac failure`,
        },
      ),
      stopIfYes(
        "other-conditions",
        "Do you have low blood pressure (below 90/50), severe liver disease, an inherited eye condition such as retinitis pigmentosa, or have you lost sight in an eye from NAION?",
        {
          next: 7,
          endMessage: `${medicine} is not safe with some blood pressure, liver and eye conditions. ${CONSULT}`,
          source: `${smpc} 4.3: hypotension, severe hepatic impairment, hereditary retinal disorders, NAION`,
        },
      ),
      {
        id: "medicines",
        text: "Do you take any other medicines, for example an alpha-blocker (such as doxazosin or tamsulosin) or an HIV medicine (such as ritonavir)?",
        kind: "single",
        options: YES_NO,
        textBox: true,
        textBoxLabel: "Details (if yes, list the medicines you take)",
        detailsRequiredWhen: { equals: "Yes" },
        detailsRequiredMessage: "Please list the medicines you take.",
        source: `${smpc} 4.5 Interactions: alpha-blockers, CYP3A4 inhibitors; the prescriber reviews them`,
      },
      understandingQuestion(
        `${takeHint} Get medical help at once for an erection lasting more than 4 hours, chest pain, or a sudden loss of sight or hearing.`,
        "A prescriber reviews these answers before your treatment is sent.",
      ),
    ],
  };
}

export const viagraAssessment = pde5Assessment({
  slug: "viagra",
  medicine: "Viagra (sildenafil)",
  smpc: "Viagra SmPC",
  description: "A confidential online assessment for Viagra (sildenafil), reviewed by a UK prescriber before any treatment is sent.",
  takeHint: "Take one tablet about an hour before sex, no more than once a day.",
});

export const cialisAssessment = pde5Assessment({
  slug: "cialis",
  medicine: "Cialis (tadalafil)",
  smpc: "Cialis SmPC",
  description: "A confidential online assessment for Cialis (tadalafil), reviewed by a UK prescriber before any treatment is sent.",
  takeHint: "Take one tablet at least 30 minutes before sex, no more than once a day.",
});
