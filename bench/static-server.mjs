// The bench's baseline: a bare node:http server that answers every request with one fixed
// body (the app's home page HTML, sent by the parent over IPC) and its content type. It runs
// in its own process so it does not share an event loop with the load generator.
import http from "node:http";

process.once("message", (/** @type {{ body: string, contentType: string }} the body in base64 */ { body, contentType }) => {
  const bytes = Buffer.from(body, "base64");
  const headers = { "Content-Type": contentType, "Content-Length": bytes.length };
  const server = http.createServer((request, response) => {
    response.writeHead(200, headers);
    response.end(bytes);
  });
  server.keepAliveTimeout = 10_000;
  server.listen(0, "127.0.0.1", () => {
    const { port } = /** @type {import("node:net").AddressInfo} a TCP server's */ (server.address());
    if (!process.send) throw new Error("bench/static-server.mjs runs forked, with an IPC channel to its parent");
    process.send({ port });
  });
  process.on("disconnect", () => process.exit(0));
});
