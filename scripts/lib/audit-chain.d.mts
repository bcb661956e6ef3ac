import type pg from "pg";

export declare const GENESIS_HASH: string;
export declare function auditEventHash(event: Record<string, string | null>): string;
export declare function verifyAuditChain(client: pg.Client): Promise<{ ok: boolean; count: number; id?: string; problem?: string; head?: { id: string; hash: string } | null }>;
