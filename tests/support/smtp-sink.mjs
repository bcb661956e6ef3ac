// A minimal SMTP server on 127.0.0.1 that records what it is sent: the integration tests'
// (tests/integration/jobs/support/smtp-sink.ts) and the bench's growth step (bench/growth.mjs:
// with SMTP_URL the worker delivers the outbox as in production, so outbox rows get their
// `sent_at` and come under the retention rule). Plain JavaScript, so the bench loads it as is.
import net from "node:net";

/**
 * A minimal SMTP server on 127.0.0.1 for tests: it records what it is sent. `refuseNext(n)`
 * answers the next n messages with a temporary failure (451), as a busy server would.
 */
export async function startSmtpSink() {
  const received = [];
  let refusals = 0;
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [], data: "" };
    const reply = (line) => socket.write(`${line}\r\n`);
    reply("220 sink ESMTP ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          if (refusals > 0) {
            refusals -= 1;
            reply("451 4.3.0 try again later");
          } else {
            received.push(current);
            reply("250 2.0.0 queued");
          }
          current = { from: "", to: [], data: "" };
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        switch (verb) {
          case "EHLO":
          case "HELO":
            reply("250 sink");
            break;
          case "MAIL":
            current.from = line.slice(10).trim();
            reply("250 2.1.0 ok");
            break;
          case "RCPT":
            current.to.push(line.slice(8).trim());
            reply("250 2.1.5 ok");
            break;
          case "DATA":
            inData = true;
            reply("354 end with <CRLF>.<CRLF>");
            break;
          case "RSET":
            current = { from: "", to: [], data: "" };
            reply("250 ok");
            break;
          case "QUIT":
            reply("221 bye");
            socket.end();
            break;
          default:
            reply("250 ok");
        }
      }
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count) {
      refusals = count;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
