export function serverMajorVersion(url: string): Promise<number>;
export function findClientTool(tool: "pg_dump" | "pg_restore" | "psql", major: number): string;
export function maskUrl(url: string): string;
export function clientEnvironment(url: string): Record<string, string | undefined>;
export function nonEmptyTables(url: string): Promise<string[]>;
