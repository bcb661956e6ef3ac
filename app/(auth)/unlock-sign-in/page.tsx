import type { Metadata } from "next";
import { AuthCard } from "../_components/auth-card";
import { tokenPageMetadata } from "../_components/token-page-metadata";
import { UnlockSignInForm } from "./_components/unlock-sign-in-form";

type UnlockSignInPageProps = { searchParams: Promise<{ token?: string | string[] }> };

export function generateMetadata(): Metadata {
  return tokenPageMetadata({ title: "Unlock sign-in", description: "Unlock sign-in to your account.", path: "/unlock-sign-in" });
}

export default async function UnlockSignInPage({ searchParams }: UnlockSignInPageProps) {
  const { token } = await searchParams;
  const hasToken = typeof token === "string" && token !== "";
  return (
    <AuthCard
      title="Unlock sign-in"
      intro={hasToken ? <p>Press the button to unlock sign-in to your account. The link in your email works once.</p> : null}
      footer={
        <p>
          <a href="/login">Log in</a> · <a href="/forgot-password">Forgot your password?</a>
        </p>
      }
    >
      {hasToken ? (
        <UnlockSignInForm token={token} />
      ) : (
        <p role="alert" className="form-message-error">
          This link is incomplete. Please use the link in your email, or try to <a href="/login">log in</a> again to get a new one.
        </p>
      )}
    </AuthCard>
  );
}
