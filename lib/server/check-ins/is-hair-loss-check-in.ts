import "server-only";

/** What isHairLossCheckIn reads of a check-in's subscription (spread into its select). */
export const hairLossSubscriptionSelect = { prescriptionId: true } as const;

/**
 * A hair-loss check-in: its subscription is a prescription plan, supplying a prescription
 * issued through the prescription service (the hair-loss assessment, start-prescription-plan.ts).
 * It asks for the three progress photos, because the response to hair-loss treatment is judged
 * by comparing the same views over months (finasteride 1 mg SmPC section 4.2: 3 to 6 months of
 * daily use before the hair loss is seen to stabilise), and the prescriber reviews every repeat
 * supply (GPhC distance-pharmacy guidance, February 2025, repeat supplies).
 */
export function isHairLossCheckIn(subscription: { prescriptionId: string | null }): boolean {
  return subscription.prescriptionId !== null;
}
