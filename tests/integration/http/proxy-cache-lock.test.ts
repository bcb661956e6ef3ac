// The deployed nginx (deploy/nginx/clinic.conf.template) caches only what the app marks public,
// and must not make concurrent requests for an answer it will never cache wait for one another.
// With proxy_cache_lock on, every GET of one address that misses the cache waits for the first
// to fill it, polling every 500 ms; an answer marked no-store never fills it, so concurrent GETs
// of /api/health (or of one signed-in page by many patients) were served one after another in
// 500 ms steps: the bench measured /api/health through nginx at 700 requests/s with
// answers held 0.5, 1, 1.5 … 5 s (issue 36, found while judging /api/user against it).
import http from "node:http";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { NGINX_BINARY, type RunningNginx, listenOnLoopback, startNginx } from "@/tests/support/nginx";

const ANSWER_MS = 300;
let inFlight = 0;
let mostAtOnce = 0;

const upstream = http.createServer((req, res) => {
  if (req.url?.startsWith("/public")) {
    res.writeHead(200, { "content-type": "text/plain", "cache-control": "public, max-age=60" }).end("a public page");
    return;
  }
  inFlight += 1;
  mostAtOnce = Math.max(mostAtOnce, inFlight);
  setTimeout(() => {
    inFlight -= 1;
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end('{"status":"ok"}');
  }, ANSWER_MS);
});

let nginx: RunningNginx;

const describeWithNginx = NGINX_BINARY ? describe : describe.skip;

describeWithNginx("nginx's page cache", () => {
  beforeAll(async () => {
    nginx = await startNginx(await freePort(), await listenOnLoopback(upstream));
  });
  afterAll(async () => {
    await nginx?.stop();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it("passes concurrent requests for an answer it does not cache to the app at once", async () => {
    mostAtOnce = 0;
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${nginx.base}/api/health`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.headers.get("x-cache-status"))).toEqual(Array(6).fill("MISS"));
    // With the cache lock, the app saw one, then the other five half a second later.
    expect(mostAtOnce).toBe(6);
  });

  it("still serves what the app marks public from its cache", async () => {
    const first = await fetch(`${nginx.base}/public/page`);
    const second = await fetch(`${nginx.base}/public/page`);
    expect([first.headers.get("x-cache-status"), second.headers.get("x-cache-status")]).toEqual(["MISS", "HIT"]);
    expect(await second.text()).toBe("a public page");
  });
});
