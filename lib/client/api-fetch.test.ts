import { apiFetch, readXsrfCookie } from "./api-fetch";

const ok = (status = 200) => Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve({}) } as Response);

describe("apiFetch", () => {
  afterEach(() => {
    document.cookie = "XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  it("echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN on a write, URL-decoded", async () => {
    document.cookie = "XSRF-TOKEN=abc%2Edef; path=/";
    const fetchMock = jest.fn(() => ok());
    global.fetch = fetchMock as unknown as typeof fetch;
    await apiFetch("/api/contact", { json: { a: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith("/api/contact", expect.objectContaining({ method: "POST", headers: expect.objectContaining({ "X-XSRF-TOKEN": "abc.def" }) }));
  });

  it("fetches /sanctum/csrf-cookie first when the browser has no token yet", async () => {
    document.cookie = "XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
    const fetchMock = jest.fn((url: string) => {
      if (url === "/sanctum/csrf-cookie") document.cookie = "XSRF-TOKEN=fresh; path=/";
      return ok(url === "/sanctum/csrf-cookie" ? 204 : 201);
    });
    global.fetch = fetchMock as unknown as typeof fetch;
    const response = await apiFetch("/api/cart/items", { json: {} });
    expect(response.status).toBe(201);
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(["/sanctum/csrf-cookie", "/api/cart/items"]);
    expect(readXsrfCookie()).toBe("fresh");
  });

  it("retries a write once with a fresh token after a 403, and sends no token on reads", async () => {
    document.cookie = "XSRF-TOKEN=stale; path=/";
    const statuses = [403, 204, 200];
    const fetchMock = jest.fn(() => ok(statuses.shift()));
    global.fetch = fetchMock as unknown as typeof fetch;
    expect((await apiFetch("/api/logout", { method: "POST" })).status).toBe(200);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    const readMock = jest.fn(() => ok(403));
    global.fetch = readMock as unknown as typeof fetch;
    expect((await apiFetch("/api/user")).status).toBe(403);
    expect(readMock).toHaveBeenCalledTimes(1);
    expect(readMock).toHaveBeenCalledWith("/api/user", expect.objectContaining({ headers: { Accept: "application/json" } }));
  });
});
