import { safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps a path on this site, with its query", () => {
    expect(safeReturnPath("/dashboard/orders")).toBe("/dashboard/orders");
    expect(safeReturnPath("/prescription/checkout?questionnaireId=abc")).toBe("/prescription/checkout?questionnaireId=abc");
  });

  it.each([
    ["missing", null],
    ["empty", ""],
    ["absolute URL", "https://evil.example/"],
    ["protocol-relative", "//evil.example/x"],
    ["backslash trick", "/\\evil.example"],
    ["relative", "dashboard"],
    ["control character", "/dash\nboard"],
    ["javascript URL", "javascript:alert(1)"],
  ])("falls back to /dashboard for a %s value", (_label, value) => {
    expect(safeReturnPath(value)).toBe("/dashboard");
  });
});
