import { randomInt } from "node:crypto";
import { POST as pay } from "@/app/api/prescription/pay/route";
import { POST as save } from "@/app/api/prescription/save/route";
import { addQuestionnairePhoto } from "@/lib/server/questionnaire/add-questionnaire-photo";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import type { startTestSandbox } from "@/tests/support/stripe-sandbox";
import { patientActor } from "@/tests/factories/actor";
import { answerQuestionnaire, SHORT_PATH } from "@/tests/factories/questionnaire";
import { verifyIdentity } from "@/tests/factories/identity";
import { createUser, signIn } from "@/tests/factories/user";
import { makeJpeg } from "@/tests/fixtures/images/make-images";

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>;

/**
 * A paid prescription request, made the way a patient makes one: a signed-in patient answers
 * the questionnaire (optionally with a scalp photo), pays through the sandbox's checkout and
 * saves. The request is then SUBMITTED and in the prescribers' queue. The patient has verified
 * their identity as answered (the identity rule is tested in tests/integration/identity) unless
 * `identity: false`.
 */
export async function createPaidRequest(
  sandbox: Sandbox,
  options: { photo?: boolean; name?: string; identity?: boolean; patient?: Awaited<ReturnType<typeof createUser>>; path?: typeof SHORT_PATH; planSlug?: string } = {},
) {
  const patient = options.patient ?? (await createUser({ name: options.name ?? "Alex Morgan" }));
  const { cookies } = await signIn(patient);
  // Each patient from their own address, as real patients are: the per-address throttles on
  // answers and checkouts must not trip over a whole test run's worth of requests.
  const headers = { "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
  const questionnaireId = await answerQuestionnaire({ cookies, headers }, options.path);
  const photo = options.photo ? await addQuestionnairePhoto(patientActor(patient), questionnaireId, { bytes: await makeJpeg(), filename: "crown.jpg" }) : null;
  const plan = options.planSlug ? await db.plan.findUniqueOrThrow({ where: { slug: options.planSlug }, select: { id: true } }) : null;
  const checkout = await call(pay, "/api/prescription/pay", { json: { price: 19.99, questionnaire_id: questionnaireId, ...(plan ? { plan_id: plan.id } : {}) }, cookies, headers });
  if (checkout.status !== 200) throw new Error(`pay: ${checkout.status} ${JSON.stringify(checkout.body)}`);
  const sessionId = checkout.body.id as string;
  await sandbox.pay(sessionId);
  const saved = await call(save, "/api/prescription/save", { json: { paymentSessionId: sessionId }, cookies, headers });
  if (saved.status !== 200) throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body)}`);
  const request = await db.prescriptionRequest.findFirstOrThrow({ where: { responseId: questionnaireId }, include: { payment: true } });
  if (request.status !== "SUBMITTED") throw new Error(`request is ${request.status}, not SUBMITTED`);
  if (options.identity !== false) await verifyIdentity(patient);
  return { patient, cookies, questionnaireId, sessionId, request, photoId: photo?.id ?? null };
}
