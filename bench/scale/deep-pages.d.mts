// Types for deep-pages.mjs (plain ESM, no build step), for the Pager's test.

export declare const DEEP_PAGES: number;

export declare function deepPage(base: string, firstPath: string, linkPrefix: string, headers: Record<string, string>, pages?: number): Promise<{ path: string; depth: number }>;

/** Every rel="next" link's href on a page, unescaped. */
export declare function nextLinks(html: string): string[];
