import type { ServerResponse } from "node:http";

export function bodyBytes<T>(chunk: T, encoding?: string): T | Buffer;
export function sendBodiesAsBytes(res: ServerResponse): void;
