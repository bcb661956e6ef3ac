// Runs once when a server instance starts. The check itself lives in a Node-only module
// so the Edge bundle never sees process.exit.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./instrumentation-node");
}
