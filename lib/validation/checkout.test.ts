import { checkoutSchema, normalizePostcode } from "./checkout";

describe("normalizePostcode", () => {
  it.each([
    ["sw1a1aa", "SW1A 1AA"],
    [" M1 1AE ", "M1 1AE"],
    ["b33 8th", "B33 8TH"],
    ["CR2 6XH", "CR2 6XH"],
    ["dn55 1pt", "DN55 1PT"],
    ["GIR 0AA", "GIR 0AA"],
  ])("accepts %s", (input, expected) => expect(normalizePostcode(input)).toBe(expected));

  it.each(["", "12345", "SW1A", "QQ1 1AA", "SW1A 1AAA", "<script>"])("refuses %s", (input) => expect(normalizePostcode(input)).toBeNull());
});

describe("checkoutSchema", () => {
  const address = { name: "Sam Taylor", line1: "1 High Street", city: "Leeds", postcode: "ls1 4ap" };

  it("normalises the postcode and email and defaults the second line", () => {
    const parsed = checkoutSchema.parse({ delivery_option: "standard", email: " Sam@Example.COM ", address });
    expect(parsed.address).toEqual({ ...address, line2: "", postcode: "LS1 4AP" });
    expect(parsed.email).toBe("sam@example.com");
  });

  it("explains each missing or bad field", () => {
    const result = checkoutSchema.safeParse({ delivery_option: "", email: "not-an-email", address: { ...address, name: "", postcode: "nope" } });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining(["Please choose a delivery option.", "Please enter a valid email address.", "Please enter the recipient's full name.", "Please enter a valid UK postcode, for example SW1A 1AA."]),
    );
  });
});
