import type { IncomingMessage, ServerResponse } from "node:http";

export function answerUnavailableWhenDatabaseDown(req: IncomingMessage, res: ServerResponse, context: { unavailable?: { message: string } }): void;
