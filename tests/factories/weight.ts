import { db } from "@/tests/support/db";

/**
 * A verified weight on an order whose medicine needs one (Mounjaro), as a pharmacist would record
 * it after seeing the patient's scales photo: for tests and journeys whose subject is not the
 * weight rule itself but that dispense a weight-loss medicine. The figures pass the Mounjaro
 * BMI rule with the fixture assessment's height (180 cm → BMI 31.3).
 */
export async function verifyWeight(orderId: string, options: { weightKg?: number; heightCm?: number; byName?: string } = {}) {
  const weightKg = options.weightKg ?? 101.5;
  const heightCm = options.heightCm ?? 180;
  const bmi = Math.round((weightKg / (heightCm / 100) ** 2) * 10) / 10;
  return db.weightVerification.create({
    data: { orderId, weightKg: weightKg.toFixed(1), heightCm: heightCm.toFixed(1), bmi: bmi.toFixed(1), method: "PHOTO", passed: true, verifiedByName: options.byName ?? "Test Pharmacist" },
  });
}
