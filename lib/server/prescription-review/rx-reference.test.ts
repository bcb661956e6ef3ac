import { newDispenseCode, newRxReference } from "./rx-reference";

describe("newRxReference", () => {
  it("is RX- and three groups of four easy-to-read characters", () => {
    for (let i = 0; i < 200; i += 1) expect(newRxReference()).toMatch(/^RX-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  });

  it("never uses 0, O, 1, I or L, and does not repeat", () => {
    const seen = new Set(Array.from({ length: 2000 }, () => newRxReference()));
    expect(seen.size).toBe(2000);
    expect([...seen].join("")).not.toMatch(/[01OIL]/);
  });
});

describe("newDispenseCode", () => {
  it("is exactly 8 digits, leading zeros included", () => {
    const codes = Array.from({ length: 500 }, () => newDispenseCode());
    for (const code of codes) expect(code).toMatch(/^\d{8}$/);
    expect(new Set(codes).size).toBeGreaterThan(490);
  });
});
