import { contentDisposition, imageResponse } from "@/lib/server/services/uploads/image-response";

describe("imageResponse", () => {
  it("serves the bytes with headers that stop sniffing, scripts, caching and embedding", async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 9, 8, 7]);
    const res = imageResponse({ bytes, contentType: "image/jpeg", filename: "scalp.jpg", disposition: "inline" });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "image/jpeg",
      "content-length": "6",
      "content-disposition": `inline; filename="scalp.jpg"; filename*=UTF-8''scalp.jpg`,
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "same-origin",
    });
  });

  it("gives the download the extension of what it really is", () => {
    const res = imageResponse({ bytes: Buffer.from("x"), contentType: "image/png", filename: "holiday.gif", disposition: "attachment" });
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="holiday.png"; filename*=UTF-8''holiday.png`);
  });
});

describe("contentDisposition (RFC 6266)", () => {
  it("encodes a non-ASCII name in filename* with an ASCII fallback", () => {
    expect(contentDisposition("attachment", "crâne côté.jpg")).toBe(
      `attachment; filename="crane cote.jpg"; filename*=UTF-8''cr%C3%A2ne%20c%C3%B4t%C3%A9.jpg`,
    );
    expect(contentDisposition("inline", "照片.png")).toBe(`inline; filename="file.png"; filename*=UTF-8''%E7%85%A7%E7%89%87.png`);
  });

  it("cannot be broken out of with quotes, semicolons or line breaks", () => {
    const header = contentDisposition("attachment", 'a"; filename=evil.html;\r\nX: y.jpg');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).toMatch(/^attachment; filename="a__ filename=evil.html_X: y.jpg"; filename\*=UTF-8''a%22%3B%20filename%3Devil.html%3B%0D%0AX%3A%20y.jpg$/);
  });
});
