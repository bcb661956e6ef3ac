// The bench's "page deep in the list" (bench/scale/deep-pages.mjs): it follows a page's own
// rel="next" link, DEEP_PAGES times at most or as many times as it is told (the scaled clinic
// follows as many as the empty clinic could), to a full page: a shorter list stops before its last page.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DEEP_PAGES, deepPage } from "@/bench/scale/deep-pages.mjs";

/** A list of `pages` pages at /list?page=N, each but the last linking to the next (with another pager's link first). */
function listServer(pages: number) {
  const server = http.createServer((req, res) => {
    const page = Number(new URL(req.url ?? "/", "http://x").searchParams.get("page") ?? 0);
    const next = page + 1 < pages ? `<a rel="next" href="/list?page=${page + 1}&amp;kind=x">Next</a>` : "";
    res.writeHead(200, { "content-type": "text/html" }).end(`<a rel="next" href="/other?page=9">Other list</a>${next}`);
  });
  return new Promise<{ base: string; close: () => void }>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() })),
  );
}

it("follows the list's own next link DEEP_PAGES times, or as many as asked, to a full page: a shorter list stops at the page before its last", async () => {
  const long = await listServer(DEEP_PAGES + 3);
  const exact = await listServer(DEEP_PAGES + 1);
  const short = await listServer(3);
  const single = await listServer(1);
  try {
    expect(await deepPage(long.base, "/list?page=0", "/list?page=", {})).toEqual({ path: `/list?page=${DEEP_PAGES}&kind=x`, depth: DEEP_PAGES });
    expect(await deepPage(long.base, "/list?page=0", "/list?page=", {}, 2)).toEqual({ path: "/list?page=2&kind=x", depth: 2 });
    expect(await deepPage(long.base, "/list?page=0", "/list?page=", {}, 0)).toEqual({ path: "/list?page=0", depth: 0 });
    // DEEP_PAGES links lead to the last page, which may be partial: one fewer.
    expect(await deepPage(exact.base, "/list?page=0", "/list?page=", {})).toEqual({ path: `/list?page=${DEEP_PAGES - 1}&kind=x`, depth: DEEP_PAGES - 1 });
    expect(await deepPage(short.base, "/list?page=0", "/list?page=", {})).toEqual({ path: "/list?page=1&kind=x", depth: 1 });
    expect(await deepPage(single.base, "/list?page=0", "/list?page=", {})).toEqual({ path: "/list?page=0", depth: 0 });
  } finally {
    for (const server of [long, exact, short, single]) server.close();
  }
});
