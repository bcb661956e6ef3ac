import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { OwnerFilter } from "@/lib/server/core/actor/owned-by";

/** The owner's cart id, creating the cart if it does not exist. Safe under concurrency. */
export async function upsertCartId(tx: Tx, owner: OwnerFilter): Promise<string> {
  const rows =
    "userId" in owner
      ? await tx.$queryRaw<{ id: string }[]>`
          INSERT INTO carts (id, user_id, updated_at) VALUES (gen_random_uuid(), ${owner.userId}::uuid, now())
          ON CONFLICT (user_id) DO UPDATE SET updated_at = now() RETURNING id`
      : await tx.$queryRaw<{ id: string }[]>`
          INSERT INTO carts (id, guest_key_hash, updated_at) VALUES (gen_random_uuid(), ${owner.guestKeyHash}, now())
          ON CONFLICT (guest_key_hash) DO UPDATE SET updated_at = now() RETURNING id`;
  const id = rows[0]?.id;
  if (!id) throw new AppError("internal", "The cart could not be saved. Please try again.");
  return id;
}
