// GET /r/{code} – a friend's referral link: keeps the code for their first checkout, then shows the shop
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS } from "@/lib/server/discounts/referral-cookie";

const CODE = /^FRIEND-[23456789A-HJ-NP-Z]{8}$/;

export async function GET(_req: NextRequest, { params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const site = env().SITE_URL.replace(/\/$/, "");
  const normalized = decodeURIComponent(code).trim().toUpperCase();
  const response = NextResponse.redirect(`${site}/`, 303);
  if (CODE.test(normalized)) {
    response.cookies.set(REFERRAL_COOKIE, normalized, {
      httpOnly: true,
      sameSite: "lax",
      secure: site.startsWith("https://"),
      path: "/",
      maxAge: REFERRAL_COOKIE_DAYS * 24 * 3600,
    });
  }
  return response;
}
