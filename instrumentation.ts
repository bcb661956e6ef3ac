// Runs once when a server instance starts. The work itself lives in a Node-only module
// so the Edge bundle never sees process.exit or the job queue.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startBackgroundWork } = await import("./instrumentation-node");
    await startBackgroundWork();
  }
}
