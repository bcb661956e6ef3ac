import type { ServerResponse } from "node:http";

export function contentSecurityPolicy(options: { scriptSrc: string; dev?: boolean; production?: boolean }): string;
export function staticContentSecurityPolicy(options?: { dev?: boolean; production?: boolean }): string;
export function addPolicyUnlessSet(res: ServerResponse, policy: string): void;
