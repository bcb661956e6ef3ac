// The bridge between instrumentation.ts's onRequestError (bundled for the Node.js and Edge
// runtimes, so it imports nothing server-only) and the Node.js-only code that reacts to a
// failed request (lib/server/core/db/mark-unavailable.ts), installed by instrumentation-node.ts.
// Kept on globalThis: the instrumentation and the app's routes are separate module graphs.
type RequestErrorHook = (error: unknown) => void;
const HOOK = Symbol.for("hairline-clinic.on-request-error");
const store = globalThis as unknown as Record<symbol, RequestErrorHook | undefined>;

export function setRequestErrorHook(hook: RequestErrorHook): void {
  store[HOOK] = hook;
}

/** Runs the installed hook synchronously (before Next.js writes the answer's head), if any. */
export function runRequestErrorHook(error: unknown): void {
  store[HOOK]?.(error);
}
