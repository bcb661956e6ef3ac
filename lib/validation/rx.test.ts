import { dispensePrescriptionSchema, prescriptionReferenceSchema } from "./rx";

describe("prescriptionReferenceSchema", () => {
  it("accepts a reference in any case, trimmed, upper-cased", () => {
    expect(prescriptionReferenceSchema.parse(" rx-7k3q-9dmp-4xht ")).toBe("RX-7K3Q-9DMP-4XHT");
  });

  it.each(["", "RX", "../etc/passwd", "RX-7K3Q 9DMP", "RX-<script>", "x".repeat(80)])("refuses %p as not found", (value) => {
    const result = prescriptionReferenceSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("We could not find this prescription. It may not be genuine.");
  });
});

describe("dispensePrescriptionSchema", () => {
  it("takes the code as printed (1234 5678), and drops the `pharmacy` older clients send (the account is the pharmacy)", () => {
    expect(dispensePrescriptionSchema.parse({ code: "0123 4567", pharmacy: "  Camden Pharmacy " })).toEqual({ code: "01234567" });
    expect(dispensePrescriptionSchema.parse({ code: "0123-4567" })).toEqual({ code: "01234567" });
  });

  it.each([[{ code: "1234567" }], [{ code: "123456789" }], [{ code: "1234abcd" }], [{ code: 12345678 }], [{ pharmacy: "Camden Pharmacy" }]])("refuses %p on the code", (input) => {
    const result = dispensePrescriptionSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(["code"]);
  });
});
