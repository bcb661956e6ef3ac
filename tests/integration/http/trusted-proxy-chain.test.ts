// The trusted-proxy chain (issue 22, finding 6): the deployed nginx template decides the
// client's address once, from NGINX_REAL_IP_FROM, and hands the app exactly that address in
// X-Forwarded-For (the app trusts this one hop: TRUST_PROXY=true). Here nginx runs with the
// template in front of an upstream that reports the X-Forwarded-For it was given.
import http from "node:http";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { NGINX_BINARY, type RunningNginx, listenOnLoopback, startNginx } from "@/tests/support/nginx";

const upstream = http.createServer((req, res) => res.end(String(req.headers["x-forwarded-for"] ?? "")));
let upstreamPort: number;

beforeAll(async () => {
  upstreamPort = await listenOnLoopback(upstream);
});
afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
});

async function withNginx(realIpFrom: string, check: (nginx: RunningNginx) => Promise<void>) {
  const nginx = await startNginx(await freePort(), upstreamPort, { NGINX_REAL_IP_FROM: realIpFrom });
  try {
    await check(nginx);
  } finally {
    await nginx.stop();
  }
}

async function addressSeenByApp(nginx: RunningNginx, forwardedFor?: string): Promise<string> {
  const response = await fetch(`${nginx.base}/api/health?n=${Math.random()}`, { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} });
  return response.text();
}

const describeWithNginx = NGINX_BINARY ? describe : describe.skip;

describeWithNginx("nginx decides the client address", () => {
  it("as the edge (NGINX_REAL_IP_FROM empty), ignores any X-Forwarded-For a client sends", async () => {
    await withNginx("", async (nginx) => {
      expect(await addressSeenByApp(nginx)).toBe("127.0.0.1");
      expect(await addressSeenByApp(nginx, "203.0.113.7")).toBe("127.0.0.1");
    });
  });

  it("behind a trusted load balancer, takes the right-most address that is not a trusted proxy", async () => {
    // Loopback plays the load balancer; 10.0.0.0/8 a second, inner balancer.
    await withNginx("set_real_ip_from 127.0.0.1; set_real_ip_from 10.0.0.0/8;", async (nginx) => {
      expect(await addressSeenByApp(nginx, "203.0.113.7")).toBe("203.0.113.7");
      // A client's own entry on the left is not believed: the balancer appended the real one.
      expect(await addressSeenByApp(nginx, "198.51.100.9, 203.0.113.7")).toBe("203.0.113.7");
      // Two trusted hops are walked back over.
      expect(await addressSeenByApp(nginx, "203.0.113.7, 10.1.2.3")).toBe("203.0.113.7");
      expect(await addressSeenByApp(nginx, "2001:db8:1:2::5")).toBe("2001:db8:1:2::5");
      // No header from the balancer: the balancer's own address.
      expect(await addressSeenByApp(nginx)).toBe("127.0.0.1");
    });
  });

  it("does not believe the header from a peer outside the trusted list", async () => {
    await withNginx("set_real_ip_from 192.0.2.0/24;", async (nginx) => {
      expect(await addressSeenByApp(nginx, "203.0.113.7")).toBe("127.0.0.1");
    });
  });
});
