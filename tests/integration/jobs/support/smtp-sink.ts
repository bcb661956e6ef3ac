import net from "node:net";

export type ReceivedMail = { from: string; to: string[]; data: string };

/**
 * A minimal SMTP server on 127.0.0.1 for tests: it records what it is sent. `refuseNext(n)`
 * answers the next n messages with a temporary failure (451), as a busy server would.
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffer = "";
    let inData = false;
    let current: ReceivedMail = { from: "", to: [], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count: number) {
      refusals = count;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls until `check` returns true, or fails after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000, what = "condition") {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
