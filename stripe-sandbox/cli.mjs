// Runs the payment sandbox on its own and prints its URL; Ctrl-C stops it.
//
//   STRIPE_WEBHOOK_SECRET=whsec_… node stripe-sandbox/cli.mjs --port 12111 \
//     --webhook-url http://127.0.0.1:3000/api/webhooks/stripe [--host 127.0.0.1] [--public-url …]
//
// Point the app at it with STRIPE_SANDBOX_URL=<printed URL> and no STRIPE_SECRET_KEY.
import { parseArgs } from "node:util";
import { startStripeSandbox } from "./server.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "12111" },
    host: { type: "string", default: "127.0.0.1" },
    "webhook-url": { type: "string" },
    "public-url": { type: "string" },
  },
});

const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
if (!webhookSecret?.startsWith("whsec_")) {
  console.error("Set STRIPE_WEBHOOK_SECRET (whsec_…) to the secret the app verifies webhooks with.");
  process.exit(1);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not ${values.port}.`);
  process.exit(1);
}

const sandbox = await startStripeSandbox({
  port,
  host: values.host,
  publicUrl: values["public-url"],
  webhookSecret,
  webhookUrl: values["webhook-url"],
}).catch((error) => {
  console.error(error?.code === "EADDRINUSE" ? `Port ${port} on ${values.host} is already in use.` : `The payment sandbox did not start: ${error?.message ?? error}`);
  process.exit(1);
});
console.log(`Stripe payment sandbox on ${sandbox.url}${values["webhook-url"] ? `, webhooks to ${values["webhook-url"]}` : " (no --webhook-url: events are not delivered)"}`);

const stop = () => {
  sandbox.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
