import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expectAccessible } from "./fixtures";

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

/**
 * What a journey does on each page it reaches (the axe scan and the screenshots), given to the
 * shared steps in e2e/support so they check their pages under the journey's own names.
 */
export type Scan = (page: Page, name: string) => Promise<void>;

/** The axe scan, then the screenshots into /work/shots/{dir}. */
export function scanInto(dir: string): Scan {
  return async (page, name) => {
    await expectAccessible(page);
    await shoot(page, dir, name);
  };
}
