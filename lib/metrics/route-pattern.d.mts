export const OTHER_ROUTE: "other";
export const PUBLIC_FILE_ROUTE: "/[public file]";
export function appRoutesFromDirectory(appDir: string): string[];
export function appRoutesFromBuild(distDir: string): string[];
export function routePatternMatcher(routes: string[], options?: { publicFiles?: string[] }): (url: string) => string;
export function loadRoutePatternMatcher(options: { dir: string; distDir: string }): (url: string) => string;
