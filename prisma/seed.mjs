// Idempotent catalogue seed: upserts by slug in one transaction, so running it on every
// `npm start` keeps the catalogue as seed-data.mjs says without touching carts or orders.
// Plain SQL through pg: it runs from `npm start` where no TypeScript runner is available.
import pg from "pg";
import { categories, consultationTypes, deliveryOptions, plans, products, treatmentTypes } from "./seed-data.mjs";

/**
 * @param {string} connectionString the database owner's URL
 * @returns {Promise<void>}
 */
export async function seed(connectionString) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("BEGIN");
    // One seeder at a time when several app instances start together.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('catalogue-seed'))");
    /**
     * Inserts or updates the row with this slug; resolves with its id.
     * @param {string} table
     * @param {Record<string, unknown>} row columns by name, slug among them
     * @returns {Promise<string>}
     */
    const upsert = (table, row) => {
      const columns = Object.keys(row);
      const values = Object.values(row);
      const updates = columns.filter((c) => c !== "slug").map((c) => `"${c}" = EXCLUDED."${c}"`);
      const sql = `INSERT INTO "${table}" (id, ${columns.map((c) => `"${c}"`).join(", ")})
        VALUES (gen_random_uuid()::text, ${columns.map((_, i) => `$${i + 1}`).join(", ")})
        ON CONFLICT (slug) DO UPDATE SET ${updates.join(", ")}
        RETURNING id`;
      return client.query(sql, values).then((r) => r.rows[0].id);
    };
    /** @type {{ category: Record<string, string>, treatmentType: Record<string, string> }} */
    const ids = { category: {}, treatmentType: {} };
    for (const c of categories) {
      ids.category[c.slug] = await upsert("categories", {
        slug: c.slug, name: c.name, headline: c.headline, description: c.description, sort_order: c.sortOrder,
      });
    }
    for (const t of treatmentTypes) ids.treatmentType[t.slug] = await upsert("treatment_types", t);
    for (const p of products) {
      await upsert("products", {
        slug: p.slug, name: p.name, kind: p.kind, summary: p.summary, description: p.description,
        who_for: p.whoFor, how_to_use: p.howToUse, price_pence: p.pricePence, image: p.image,
        image_alt: p.imageAlt, sort_order: p.sortOrder, is_featured: p.isFeatured, is_active: p.isActive ?? true,
        requires_weight_verification: p.requiresWeightVerification ?? false, requires_gp_consent: p.requiresGpConsent ?? false,
        category_id: p.category ? ids.category[p.category] : null,
        treatment_type_id: p.treatmentType ? ids.treatmentType[p.treatmentType] : null,
        updated_at: new Date(),
      });
    }
    for (const p of plans) {
      await upsert("plans", {
        slug: p.slug, treatment_type_id: ids.treatmentType[p.treatmentType], name: p.name,
        price_pence: p.pricePence, duration_months: p.durationMonths, description: p.description,
        sort_order: p.sortOrder, is_active: true,
      });
    }
    for (const c of consultationTypes) {
      await upsert("consultation_types", {
        slug: c.slug, name: c.name, description: c.description, price_pence: c.pricePence,
        duration_minutes: c.durationMinutes, is_default: c.isDefault, sort_order: c.sortOrder,
        slot_capacity: c.slotCapacity,
      });
    }
    for (const d of deliveryOptions) {
      await upsert("delivery_options", {
        slug: d.slug, name: d.name, description: d.description, price_pence: d.pricePence,
        free_from_pence: d.freeFromPence, sort_order: d.sortOrder,
      });
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.env.DATABASE_URL) {
    console.error("Set DATABASE_URL, or run `npm run db:seed`, which finds the database for you.");
    process.exit(1);
  }
  seed(process.env.DATABASE_URL).then(
    () => console.log("Catalogue seeded."),
    (error) => {
      console.error(`Seeding failed: ${error.message}`);
      process.exit(1);
    },
  );
}
