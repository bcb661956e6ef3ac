// /api/auth/* – next-auth's own routes (session, csrf, credentials sign-in, sign-out)
import NextAuth from "next-auth";
import { nextAuthOptions } from "@/lib/server/auth/next-auth-options";

type Handler = (req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

const handler: Handler = (req, ctx) => NextAuth(req as never, ctx as never, nextAuthOptions());

export { handler as GET, handler as POST };
