import "server-only";
import type { Tx } from "@/lib/server/core/db/client";

type StockLine = { productId: string; stockUnits: number };

/**
 * Takes the lines' units off the shelf, all or none: each product's decrement is
 * conditional on enough being left (untracked stock, null, always has enough), so two
 * checkouts racing for the last bottle cannot both get it. Returns the product id that ran
 * out, or null when every line was reserved (on a shortage the caller's transaction rolls back).
 */
export async function reserveStock(tx: Tx, lines: StockLine[]): Promise<string | null> {
  for (const line of lines) {
    const updated = await tx.$executeRaw`
      UPDATE products SET stock_quantity = stock_quantity - ${line.stockUnits}
      WHERE id = ${line.productId} AND stock_quantity IS NOT NULL AND stock_quantity >= ${line.stockUnits}`;
    if (updated === 1) continue;
    const [row] = await tx.$queryRaw<{ tracked: boolean }[]>`SELECT stock_quantity IS NOT NULL AS tracked FROM products WHERE id = ${line.productId}`;
    if (row?.tracked !== false) return line.productId;
  }
  return null;
}

/** Puts a lapsed or refunded order's units back on the shelf. */
export async function releaseStock(tx: Tx, lines: StockLine[]): Promise<void> {
  for (const line of lines) {
    await tx.$executeRaw`
      UPDATE products SET stock_quantity = stock_quantity + ${line.stockUnits}
      WHERE id = ${line.productId} AND stock_quantity IS NOT NULL`;
  }
}
