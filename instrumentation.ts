import { runRequestErrorHook } from "./lib/request-error-hook";

// Runs once when a server instance starts. The work itself lives in a Node-only module
// so the Edge bundle never sees process.exit or the job queue.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startBackgroundWork } = await import("./instrumentation-node");
    await startBackgroundWork();
  }
}

/**
 * Next.js calls this for an error it could not handle (a page or layout that threw). When the
 * database is unreachable, the request is marked so that server/serve.mjs answers 503 with a
 * message instead of Next.js's 500 error shell (API routes answer 503 themselves). The check
 * is installed by instrumentation-node.ts and runs synchronously, before the answer's head is
 * written.
 */
export function onRequestError(error: unknown) {
  runRequestErrorHook(error);
}
