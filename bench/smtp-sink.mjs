// A minimal SMTP server on 127.0.0.1 that accepts every message and counts it, for the growth
// step (bench/growth.mjs): with SMTP_URL the worker delivers the outbox as in production, so
// outbox rows get their `sent_at` and come under the retention rule (an undelivered row is
// never deleted). The same dialogue as the integration tests' sink
// (tests/integration/jobs/support/smtp-sink.ts), without keeping the messages.
import net from "node:net";

export async function startSmtpSink() {
  let accepted = 0;
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffer = "";
    let inData = false;
    const reply = (line) => socket.write(`${line}\r\n`);
    reply("220 sink ESMTP ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          accepted += 1;
          reply("250 2.0.0 queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const verb = buffer.slice(0, 4).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (verb === "DATA") {
          inData = true;
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply(verb === "EHLO" || verb === "HELO" ? "250 sink" : "250 ok");
      }
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${server.address().port}`,
    accepted: () => accepted,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
