import pg from "pg";
import { verifyIdentity, type TestUser } from "./users";

export type SupplyRule = "identity" | "weight" | "gp" | "prescriber";

/**
 * Meets the supply checks of a paid medicine order as staff and the patient would (the verified
 * identity in the account's name and the assessment's date of birth, a verified weight passing
 * the BMI rule, the GP with consent, a prescriber's authorisation of its prescription-only
 * lines), except the rules the journey is about. Written to the
 * database directly: each rule has its own journey through the pages.
 */
export async function meetSupplyChecks(patient: TestUser, order: { reference: string; dateOfBirth: string }, { except = [] }: { except?: SupplyRule[] } = {}) {
  if (!except.includes("identity")) {
    const [firstName, ...rest] = patient.name.split(" ");
    await verifyIdentity(patient, { firstName: firstName!, lastName: rest.join(" "), dateOfBirth: order.dateOfBirth });
  }
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    if (!except.includes("weight")) {
      await client.query(
        `INSERT INTO weight_verifications (id, order_id, weight_kg, height_cm, bmi, method, passed, verified_by_name)
         SELECT gen_random_uuid(), id, 101.5, 180, 31.3, 'PHOTO', true, 'Test Pharmacist' FROM orders WHERE reference = $1`,
        [order.reference],
      );
    }
    if (!except.includes("gp")) {
      await client.query(
        `INSERT INTO gp_details (id, user_id, practice_name, address_line1, town, postcode, email, consent_to_share, updated_at)
         SELECT gen_random_uuid(), id, 'Riverside Surgery', '12 Mill Lane', 'Leeds', 'LS1 4AP', 'riverside.surgery@nhs.example', true, now() AT TIME ZONE 'UTC'
         FROM users WHERE email = $1
         ON CONFLICT (user_id) DO NOTHING`,
        [patient.email.toLowerCase()],
      );
    }
    if (!except.includes("prescriber")) {
      await client.query(
        `INSERT INTO order_prescriptions (id, order_id, prescriber_name, prescriber_registration)
         SELECT gen_random_uuid(), id, 'Dr Rhea Okafor', 'GMC 7654321' FROM orders WHERE reference = $1
         ON CONFLICT (order_id) DO NOTHING`,
        [order.reference],
      );
    }
  } finally {
    await client.end();
  }
}
