import { recordGpConsentOverrideSchema, saveGpDetailsSchema } from "./gp";

const valid = { practice_name: " Riverside Surgery ", address_line1: "12 Mill Lane", town: "Leeds", postcode: "ls14ap", email: "", consent: "yes" };

describe("the GP details schema", () => {
  it("trims, normalises the postcode, lower-cases the email and defaults the optional fields", () => {
    expect(saveGpDetailsSchema.parse(valid)).toEqual({ practice_name: "Riverside Surgery", address_line1: "12 Mill Lane", address_line2: "", town: "Leeds", postcode: "LS1 4AP", email: "", consent: "yes" });
    expect(saveGpDetailsSchema.parse({ ...valid, email: " Reception@NHS.net " }).email).toBe("reception@nhs.net");
  });

  it("names each missing or malformed field", () => {
    const result = saveGpDetailsSchema.safeParse({ practice_name: "", address_line1: "", town: "", postcode: "nowhere", email: "reception@", consent: "maybe" });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(["practice_name", "address_line1", "town", "postcode", "email", "consent"]));
  });

  it("wants a reason of a sentence or two for supplying without consent", () => {
    expect(recordGpConsentOverrideSchema.safeParse({ reason: "fine" }).success).toBe(false);
    expect(recordGpConsentOverrideSchema.safeParse({ reason: "No UK GP; reviewed on video and follow-up booked." }).success).toBe(true);
  });
});
