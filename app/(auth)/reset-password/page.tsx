import type { Metadata } from "next";
import { PASSWORD_MIN } from "@/lib/validation/auth";
import { AuthCard } from "../_components/auth-card";
import { tokenPageMetadata } from "../_components/token-page-metadata";
import { ResetPasswordForm } from "./_components/reset-password-form";

type ResetPasswordPageProps = { searchParams: Promise<{ token?: string | string[] }> };

export function generateMetadata(): Metadata {
  return tokenPageMetadata({ title: "Reset Password", description: "Choose a new password for your account.", path: "/reset-password" });
}

export default async function ResetPasswordPage({ searchParams }: ResetPasswordPageProps) {
  const { token } = await searchParams;
  return (
    <AuthCard
      title="Choose a new password"
      intro={<p>Use at least {PASSWORD_MIN} characters. A few unrelated words make a strong password that is easy to remember.</p>}
      footer={
        <p>
          <a href="/login">Back to log in</a>
        </p>
      }
    >
      {typeof token === "string" && token !== "" ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p role="alert" className="form-message-error">
          This reset link is incomplete. Please use the link in your email, or{" "}
          <a href="/forgot-password">ask for a new link</a>.
        </p>
      )}
    </AuthCard>
  );
}
