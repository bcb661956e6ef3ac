import type { Metadata } from "next";
import { getCurrentActor } from "@/lib/server/auth/current-user";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { CheckoutPageBody } from "../_components/checkout-page-body";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Prescription submitted", description: "Your prescription request.", path: "/prescription/checkout/success", noIndex: true });
}

// The same screen as /prescription/checkout and, per the route table, no sign-in: a patient
// whose session lapsed while paying still sees that the request was saved.
export default async function PrescriptionCheckoutSuccessPage({ searchParams }: { searchParams: Promise<{ session_id?: string | string[] }> }) {
  const { session_id: sessionId } = await searchParams;
  return <CheckoutPageBody actor={await getCurrentActor()} query={{ session_id: typeof sessionId === "string" ? sessionId : "" }} />;
}
