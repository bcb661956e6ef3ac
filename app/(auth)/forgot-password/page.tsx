import type { Metadata } from "next";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { AuthCard } from "../_components/auth-card";
import { ForgotPasswordForm } from "./_components/forgot-password-form";

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Forgot Password",
    description: "Get a link to choose a new password for your account.",
    path: "/forgot-password",
    noIndex: true,
  });
}

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      intro={<p>Enter the email address of your account and we will send you a link to choose a new password.</p>}
      footer={
        <p>
          Remembered it? <a href="/login">Back to log in</a>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
