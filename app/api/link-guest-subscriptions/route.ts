// POST /api/link-guest-subscriptions – move what a guest id holds to the signed-in account
import { NextResponse } from "next/server";
import { AppError } from "@/lib/server/core/errors/app-error";
import { clearGuestCookie } from "@/lib/server/core/actor/guest-id";
import { linkGuestToAccount } from "@/lib/server/guest/link-guest";
import { apiRoute } from "@/lib/server/http/api-route";
import { linkGuestSchema } from "@/lib/validation/auth";

export const POST = apiRoute({ actor: "account", body: linkGuestSchema, guestCookie: true }, async ({ body, actor, cookieGuestId }) => {
  const guestId = body.guest_id ?? cookieGuestId;
  if (!guestId) throw new AppError("validation_failed", "There is no guest session to link.", { guest_id: ["There is no guest session to link."] });
  // A well-formed guest id that owns nothing (the spec's browser makes its own) is a 2xx too.
  const moved = await linkGuestToAccount(actor, guestId);
  const response = NextResponse.json({
    message: moved > 0 ? "Your guest activity is now part of your account." : "There was nothing to move: your account is up to date.",
    moved,
  });
  clearGuestCookie(response);
  return response;
});
