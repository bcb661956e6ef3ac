import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ClearSignedInHint } from "@/components/layout/clear-signed-in-hint";
import { safeReturnPath } from "@/lib/auth/return-path";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { AuthCard } from "../_components/auth-card";
import { LoginForm } from "./_components/login-form";

type LoginPageProps = { searchParams: Promise<{ next?: string | string[]; fromLogout?: string | string[] }> };

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Log in",
    description: "Log in to follow your orders, subscriptions and consultations.",
    path: "/login",
    noIndex: true,
  });
}

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const query = await searchParams;
  const returnTo = safeReturnPath(typeof query.next === "string" ? query.next : null);
  const fromLogout = query.fromLogout === "true";
  const user = await getCurrentUser();
  // Someone already signed in has nothing to do here (spec: the login page checks the
  // current user on load, except straight after logging out).
  if (user && !fromLogout) redirect(returnTo);

  return (
    <AuthCard
      title="Log in"
      intro={
        fromLogout && !user ? (
          <p className="form-message-success">You have been logged out.</p>
        ) : (
          <p>Welcome back. Log in to see your orders, subscriptions and account.</p>
        )
      }
      footer={
        <>
          <p>
            <a href="/forgot-password">Forgot your password?</a>
          </p>
          <p>
            Don&apos;t have an account? <a href="/register">Register</a>
          </p>
        </>
      }
    >
      <LoginForm returnTo={returnTo} />
      {user ? null : <ClearSignedInHint />}
    </AuthCard>
  );
}
