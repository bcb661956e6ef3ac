import { isUuid, UUID_SOURCE } from "./uuid";

describe("isUuid", () => {
  it("accepts a UUID of any version, in either case", () => {
    expect(isUuid("0f8fad5b-d9cb-469f-a165-70867728950e")).toBe(true);
    expect(isUuid("01936B2E-1E85-7000-8000-000000000001")).toBe(true);
  });

  it("refuses anything around or instead of one", () => {
    for (const value of ["", "0f8fad5b-d9cb-469f-a165-70867728950", " 0f8fad5b-d9cb-469f-a165-70867728950e", "0f8fad5b-d9cb-469f-a165-70867728950e'--", "0f8fad5bd9cb469fa16570867728950e", "g f8fad5b-d9cb-469f-a165-70867728950e", null, 42, undefined]) {
      expect(isUuid(value)).toBe(false);
    }
  });

  it("is the source the cursor and treatment-key patterns embed", () => {
    expect(new RegExp(`^x:${UUID_SOURCE}$`).test("x:0F8FAD5B-d9cb-469f-a165-70867728950e")).toBe(true);
  });
});
