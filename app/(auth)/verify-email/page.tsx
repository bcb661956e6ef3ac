import type { Metadata } from "next";
import { AuthCard } from "../_components/auth-card";
import { tokenPageMetadata } from "../_components/token-page-metadata";
import { VerifyEmailForm } from "./_components/verify-email-form";

type VerifyEmailPageProps = { searchParams: Promise<{ token?: string | string[] }> };

export function generateMetadata(): Metadata {
  return tokenPageMetadata({ title: "Confirm your email address", description: "Confirm the email address of your account.", path: "/verify-email" });
}

export default async function VerifyEmailPage({ searchParams }: VerifyEmailPageProps) {
  const { token } = await searchParams;
  const hasToken = typeof token === "string" && token !== "";
  return (
    <AuthCard
      title="Confirm your email address"
      intro={hasToken ? <p>Press the button to confirm that this email address is yours. The link in your email works once.</p> : null}
      footer={
        <p>
          <a href="/dashboard">Go to your account</a>
        </p>
      }
    >
      {hasToken ? (
        <VerifyEmailForm token={token} />
      ) : (
        <p role="alert" className="form-message-error">
          This link is incomplete. Please use the link in your email, or get a new one from your{" "}
          <a href="/dashboard">dashboard</a>.
        </p>
      )}
    </AuthCard>
  );
}
