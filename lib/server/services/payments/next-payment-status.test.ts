import { nextPaymentStatus } from "./next-payment-status";

describe("nextPaymentStatus", () => {
  it("moves an open payment to whatever its checkout says", () => {
    expect(nextPaymentStatus("OPEN", "paid")).toBe("PAID");
    expect(nextPaymentStatus("OPEN", "processing")).toBe("PROCESSING");
    expect(nextPaymentStatus("OPEN", "failed")).toBe("FAILED");
    expect(nextPaymentStatus("OPEN", "expired")).toBe("EXPIRED");
  });

  it("never moves a paid or refunded payment", () => {
    for (const transition of ["paid", "processing", "failed", "expired"] as const) {
      expect(nextPaymentStatus("PAID", transition)).toBeNull();
      expect(nextPaymentStatus("REFUNDED", transition)).toBeNull();
    }
  });

  it("lets a payment that completes after its expiry event still count as paid", () => {
    expect(nextPaymentStatus("EXPIRED", "paid")).toBe("PAID");
  });

  it("ignores an expiry that arrives after the checkout completed", () => {
    expect(nextPaymentStatus("PROCESSING", "expired")).toBeNull();
    expect(nextPaymentStatus("PROCESSING", "paid")).toBe("PAID");
    expect(nextPaymentStatus("PROCESSING", "failed")).toBe("FAILED");
  });
});
