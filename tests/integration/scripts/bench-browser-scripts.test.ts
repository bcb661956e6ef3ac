// The bench's JavaScript figures count what a visitor's browser downloads (issue 36, proof 3):
// every script real Chromium loads until the network is quiet and after a first interaction,
// not only the scripts the HTML names (which missed the consultation page's calendar, loaded
// at run time by next/dynamic with ssr: false). A page whose HTML names one script, which loads
// a second as it runs and a third when its button is pressed, must count all three.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { closeBrowser, scriptsLoaded } from "@/bench/browser-scripts.mjs";

const FILES: Record<string, [string, string]> = {
  "/": ["text/html", '<!doctype html><html lang="en"><title>t</title><body><button id="more">More</button><script src="/named.js"></script></body></html>'],
  "/named.js": [
    "text/javascript",
    `const add = (src) => { const s = document.createElement("script"); s.src = src; document.head.append(s); };
     add("/at-run-time.js");
     document.getElementById("more").addEventListener("click", () => add("/on-click.js"));`,
  ],
  "/at-run-time.js": ["text/javascript", "window.atRunTime = true;"],
  "/on-click.js": ["text/javascript", "window.onClick = true;"],
};

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    // A page deeper in the site serves the same document (its scripts stay at the root).
    const file = FILES[request.url === "/deep/page" ? "/" : (request.url ?? "")];
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await closeBrowser();
  await new Promise((resolve) => server.close(resolve));
});

it("counts the scripts loaded at run time, which the HTML does not name", async () => {
  const loaded = await scriptsLoaded(`${base}/`);
  expect(loaded.status).toBe(200);
  expect(loaded.html).toContain('src="/named.js"');
  expect(loaded.html).not.toContain("at-run-time.js");
  expect(loaded.scripts).toEqual([
    { url: `${base}/named.js`, status: 200, phase: "load" },
    { url: `${base}/at-run-time.js`, status: 200, phase: "load" },
  ]);
});

it("counts what the first interaction loads, marked as loaded by it", async () => {
  const loaded = await scriptsLoaded(`${base}/`, { interact: (page) => page.click("#more") });
  expect(loaded.scripts.map(({ url, phase }) => [url.slice(base.length), phase])).toEqual([
    ["/named.js", "load"],
    ["/at-run-time.js", "load"],
    ["/on-click.js", "interaction"],
  ]);
});

it("sends the Cookie header's cookies with every request to the site, not only the page's folder", async () => {
  const seen: [string, string][] = [];
  const record = (request: http.IncomingMessage) => seen.push([request.url ?? "", request.headers.cookie ?? ""]);
  server.on("request", record);
  await scriptsLoaded(`${base}/deep/page`, { cookie: "a=1; b=two=2" });
  server.off("request", record);
  expect(seen).toEqual([
    ["/deep/page", "a=1; b=two=2"],
    ["/named.js", "a=1; b=two=2"],
    ["/at-run-time.js", "a=1; b=two=2"],
  ]);
});
