import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";

export function logRequestWhenFinished(log: Logger, req: IncomingMessage, res: ServerResponse, requestId: string): void;
