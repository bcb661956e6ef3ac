// POST /api/forgot-password – email a reset link; the same answer whether or not the account exists
import { NextResponse } from "next/server";
import { requestPasswordReset, RESET_REQUESTED_MESSAGE } from "@/lib/server/auth/request-password-reset";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { apiRoute } from "@/lib/server/http/api-route";
import { requestPasswordResetSchema } from "@/lib/validation/auth";

export const POST = apiRoute({ body: requestPasswordResetSchema }, async ({ req, body }) => {
  await requestPasswordReset(body.email, clientAddress(req.headers));
  return NextResponse.json({ message: RESET_REQUESTED_MESSAGE });
});
