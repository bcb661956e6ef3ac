"use server";

import { redirect } from "next/navigation";
import { requirePharmacy } from "@/lib/server/rx/require-pharmacy";
import { prescriptionReferenceSchema } from "@/lib/validation/rx";

export type OpenPrescriptionState = { message: string | null };

/**
 * "Enter a prescription reference": POSTed (a server action), then redirected to
 * /rx/{reference}, so the reference never sits in a query string; the path it lands on is
 * logged redacted. Only for a signed-in pharmacy account.
 */
export async function openPrescription(_previous: OpenPrescriptionState, form: FormData): Promise<OpenPrescriptionState> {
  await requirePharmacy("/pharmacy");
  const parsed = prescriptionReferenceSchema.safeParse(form.get("reference") ?? "");
  if (!parsed.success) return { message: "Enter the reference printed on the prescription, for example RX-7K3Q-9DMP-4XHT." };
  redirect(`/rx/${encodeURIComponent(parsed.data)}`);
}
