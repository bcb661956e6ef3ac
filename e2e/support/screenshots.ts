import fs from "node:fs";
import type { Page } from "@playwright/test";

/** Full-page screenshots at desktop and phone widths into /work/shots/{dir} (or $SHOTS_DIR/{dir}), for review (only with SHOTS=1). */
export async function shoot(page: Page, dir: string, name: string) {
  if (!process.env.SHOTS) return;
  const folder = `${process.env.SHOTS_DIR ?? "/work/shots"}/${dir}`;
  fs.mkdirSync(folder, { recursive: true });
  const original = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
