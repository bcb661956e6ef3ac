// PUT /api/questionnaires/{id}/steps/{step} – save one answer; answers where it leads (next, end, submit)
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/server/http/api-route";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { saveQuestionnaireStep } from "@/lib/server/questionnaire/save-questionnaire-step";
import { questionnaireStepParamsSchema, saveQuestionnaireStepSchema } from "@/lib/validation/questionnaire";

// The first answer creates the response, owned by the account or (for API clients) a guest.
export const PUT = apiRoute(
  { actor: "guest-or-new", expiredSession: "unauthorized", params: questionnaireStepParamsSchema, body: saveQuestionnaireStepSchema, maxBodyBytes: 32 * 1024 },
  async ({ req, params, body, actor }) => {
    await consumeRateLimit(rateLimits.questionnaireWritePerAddress, clientAddress(req.headers));
    return NextResponse.json(await saveQuestionnaireStep(actor, params.id, params.step, body));
  },
);
