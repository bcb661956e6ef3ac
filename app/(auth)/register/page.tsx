import type { Metadata } from "next";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { PASSWORD_MIN } from "@/lib/validation/auth";
import { AuthCard } from "../_components/auth-card";
import { RegisterForm } from "./_components/register-form";

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Register",
    description: "Create an account to take assessments, book consultations and follow your orders.",
    path: "/register",
    noIndex: true,
  });
}

export default function RegisterPage() {
  return (
    <AuthCard
      title="Create an account"
      intro={
        <p>
          Your account keeps your assessments, orders and subscriptions in one place. Choose a password of at least{" "}
          {PASSWORD_MIN} characters.
        </p>
      }
      footer={
        <p>
          Already have an account? <a href="/login">Log in</a>
        </p>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
