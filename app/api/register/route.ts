// POST /api/register – create an account; the same answer for a new and a known email
import { NextResponse } from "next/server";
import { registerUser, REGISTERED_MESSAGE } from "@/lib/server/auth/register-user";
import { clearGuestCookie } from "@/lib/server/core/actor/guest-id";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { apiRoute } from "@/lib/server/http/api-route";
import { registerUserSchema } from "@/lib/validation/auth";

export const POST = apiRoute({ body: registerUserSchema, guestCookie: true }, async ({ req, body, cookieGuestId }) => {
  await registerUser(body, { address: clientAddress(req.headers), guestId: cookieGuestId });
  // No token: a token only for new emails would reveal which emails have accounts.
  const response = NextResponse.json({ message: REGISTERED_MESSAGE }, { status: 201 });
  if (cookieGuestId) clearGuestCookie(response);
  return response;
});
