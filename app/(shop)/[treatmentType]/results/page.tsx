import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { formatLongDate } from "@/lib/format/dates";
import { formatPence } from "@/lib/format/money";
import { getAssessmentDefinition } from "@/lib/questionnaire/definitions";
import { getAssessmentResults, type AssessmentResults } from "@/lib/server/assessments/get-assessment-results";
import { getCurrentActor } from "@/lib/server/auth/current-user";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { QuestionnaireGpStep } from "@/components/gp/questionnaire-gp-step";
import { SubscribeButton } from "@/components/subscriptions/subscribe-button";
import { ChoosePlanButton } from "./_components/choose-plan-button";
import styles from "./page.module.css";

type Params = Promise<{ treatmentType: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const definition = getAssessmentDefinition((await params).treatmentType);
  if (!definition) return {};
  return pageMetadata({ title: `Your ${definition.title.toLowerCase()} results`, description: "Your assessment results.", path: `/${definition.slug}/results`, noIndex: true });
}

const months = (n: number) => (n === 1 ? "1 month" : `${n} months`);

/** The patient's own verdict (dynamic, never cached): plans when eligible, a consultation otherwise. */
export default async function AssessmentResultsPage({ params }: { params: Params }) {
  const definition = getAssessmentDefinition((await params).treatmentType);
  if (!definition) notFound();
  const actor = await getCurrentActor();
  const result = await getAssessmentResults(actor, definition.slug);
  const quiz = `/${definition.slug}/quiz/1`;
  return (
    <div className="section section-cream">
      <div className={`container ${styles.layout}`}>
        <h1 className={styles.title}>Your {definition.title.toLowerCase()} results</h1>
        {result.kind === "eligible" ? <Eligible result={result} signedIn={actor?.kind !== "guest" && actor !== null} /> : null}
        {result.kind === "not-eligible" ? (
          <section className={styles.card} aria-labelledby="not-eligible-heading">
            <h2 id="not-eligible-heading">This treatment is not suitable for you to order online</h2>
            <p>{result.reason}</p>
            <p>A consultation lets a clinician look at your situation and suggest what may help.</p>
            <div className={styles.actions}>
              <a href="/consultation" className="button">
                Book a consultation
              </a>
              <a href={quiz} className="button button-secondary">
                Start a new assessment
              </a>
            </div>
            <p className={styles.small}>If you answered a question by mistake, you can start again. Our clinicians see every attempt.</p>
          </section>
        ) : null}
        {result.kind === "expired" ? (
          <section className={styles.card} aria-labelledby="expired-heading">
            <h2 id="expired-heading">Your assessment has expired</h2>
            <p>Health can change, so we ask again from time to time. Please take the assessment again; it takes about 2 minutes.</p>
            <a href={quiz} className="button">
              Take the assessment
            </a>
          </section>
        ) : null}
        {result.kind === "none" ? (
          <section className={styles.card} aria-labelledby="none-heading">
            <h2 id="none-heading">Take the assessment first</h2>
            <p>We have no completed assessment for you on this device. It takes about 2 minutes, and a clinician reviews your answers before anything is sent.</p>
            <a href={quiz} className="button">
              Start the assessment
            </a>
          </section>
        ) : null}
      </div>
    </div>
  );
}

function Eligible({ result, signedIn }: { result: Extract<AssessmentResults, { kind: "eligible" }>; signedIn: boolean }) {
  const { id: assessmentId, product, plans, validUntil, gp } = result;
  // A "GP consent required" medicine's plans wait for the GP step's yes or no.
  const waitsForGp = gp?.step === "required" && !gp.details;
  const reviewer = product?.isPrescriptionOnly ? "a prescriber" : "our pharmacist";
  return (
    <section aria-labelledby="eligible-heading" className={styles.eligible}>
      <div className={styles.card}>
        <h2 id="eligible-heading">{product?.name ?? "This treatment"} may be suitable for you</h2>
        <p>
          {waitsForGp ? "Tell us about your GP, then choose a plan." : "Choose a plan below."} Before anything is sent, {reviewer} reviews your answers and may contact you. Your result can be used until{" "}
          {formatLongDate(validUntil)}.
        </p>
      </div>
      {gp ? <QuestionnaireGpStep questionnaireId={assessmentId} medicine={product?.name ?? "this medicine"} step={gp.step} details={gp.details} signedIn={signedIn} /> : null}
      {waitsForGp ? (
        <p className={styles.small}>The plans appear here once you have answered the question about your GP.</p>
      ) : plans.length ? (
        <ul className={styles.plans} aria-label="Plans">
          {plans.map((plan) => (
            <li key={plan.id} className={styles.plan}>
              <h3 className={styles.planName}>{plan.name}</h3>
              <p className={styles.planMeta}>
                <span>{months(plan.durationMonths)}</span>
                <span className={styles.price}>{formatPence(plan.pricePence)}</span>
              </p>
              <p>
                <strong>What is included:</strong> {plan.description}
              </p>
              <div className={styles.planActions}>
                <ChoosePlanButton planId={plan.id} planName={plan.name} assessmentId={assessmentId} />
                <SubscribeButton planId={plan.id} planName={plan.name} label="Subscribe" secondary />
              </div>
              <p className={styles.subscribeNote}>Subscribe for a new supply every {months(plan.durationMonths).toLowerCase()}, checked by our pharmacist each time. Pause, skip or cancel any time.</p>
            </li>
          ))}
        </ul>
      ) : (
        <p>No plans are available for this treatment at the moment. Please contact us or book a consultation.</p>
      )}
    </section>
  );
}
