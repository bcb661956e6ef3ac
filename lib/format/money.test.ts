import { formatPence } from "./money";

it("formats integer pence as pounds to two decimals", () => {
  expect(formatPence(1999)).toBe("£19.99");
  expect(formatPence(3200)).toBe("£32.00");
  expect(formatPence(0)).toBe("£0.00");
  expect(formatPence(123456)).toBe("£1,234.56");
});
