// Types for browser-scripts.mjs until the bench's .mjs files are type-checked themselves (issue 36).
import type { Page } from "@playwright/test";

export type LoadedScript = { url: string; status: number | null; phase: "load" | "interaction" };
export declare function scriptsLoaded(url: string, options?: { cookie?: string; address?: string; interact?: (page: Page) => Promise<void> }): Promise<{ status: number; html: string; scripts: LoadedScript[] }>;
export declare function closeBrowser(): Promise<void>;
