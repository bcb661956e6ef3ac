import type { IncomingMessage, ServerResponse } from "node:http";

export function observeHttpRequests(routeOf: (url: string) => string): (req: IncomingMessage, res: ServerResponse) => void;
