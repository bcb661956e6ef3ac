import type { Metadata } from "next";
import { requireActor } from "@/lib/server/auth/guards";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { CheckoutPageBody } from "./_components/checkout-page-body";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Prescription checkout", description: "Pay for your prescription review.", path: "/prescription/checkout", noIndex: true });
}

type SearchParams = Promise<{ questionnaireId?: string | string[]; session_id?: string | string[]; cancel?: string | string[] }>;

export default async function PrescriptionCheckoutPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const questionnaireId = typeof query.questionnaireId === "string" ? query.questionnaireId : "";
  const returnTo = `/prescription/checkout${questionnaireId ? `?questionnaireId=${encodeURIComponent(questionnaireId)}` : ""}`;
  const actor = await requireActor(returnTo);
  return <CheckoutPageBody actor={actor} query={{ questionnaireId, session_id: first(query.session_id), cancel: first(query.cancel) }} />;
}

function first(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}
