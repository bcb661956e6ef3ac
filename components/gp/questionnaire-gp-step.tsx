import { GpDetailsForm } from "@/components/gp/gp-details-form";
import type { GpDetailsView } from "@/lib/server/gp/types";
import styles from "./questionnaire-gp-step.module.css";

type Props = { questionnaireId: string; step: "required" | "optional"; details: GpDetailsView | null; signedIn: boolean; medicine?: string };

/**
 * "Your GP" beside a questionnaire: on a prescription-only assessment's result before the
 * plans, and on the prescription checkout (optional there). For a medicine marked GP
 * consent required (Mounjaro) the patient answers yes or no before the plans are offered: a
 * "no" is allowed, and the prescriber then records why supplying is still appropriate
 * (GPhC guidance for registered pharmacies providing pharmacy services at a distance,
 * February 2025: share information with the patient's GP, with their consent). Otherwise
 * it is optional and folded away.
 */
export function QuestionnaireGpStep({ questionnaireId, medicine = "this medicine", step, details, signedIn }: Props) {
  const form = <GpDetailsForm gp={details} path={`/api/questionnaires/${questionnaireId}/gp`} />;
  const later = signedIn ? "You can add or change it at any time under Your GP in your account." : "You can add it later from your account, once you have one.";
  return (
    <section className={styles.card} aria-labelledby="gp-step-heading">
      <h2 id="gp-step-heading">Your GP</h2>
      {details ? (
        <p role="note">
          {details.consentToShare ? `We will tell ${details.practiceName} about the medicines we supply to you.` : `You chose not to let us contact ${details.practiceName}.`} You can change this below.
        </p>
      ) : step === "required" ? (
        <p>
          Before you choose a plan, tell us who your GP is and whether we may write to them. We ask because {medicine} is a medicine your GP should know you take. You may say no: the prescriber then decides whether supplying is still safe.
        </p>
      ) : (
        <p>Optional: with your consent we write to your GP about what we supply, so your medical record stays complete. {later}</p>
      )}
      {step === "required" && !details ? (
        form
      ) : (
        <details className={styles.more}>
          <summary>{details ? "Change your GP details" : "Add your GP now"}</summary>
          {form}
        </details>
      )}
    </section>
  );
}
