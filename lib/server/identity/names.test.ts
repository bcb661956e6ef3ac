import { documentNameMatches, normaliseName } from "./names";

const doc = { firstName: "Zoë Anne", lastName: "O'Brien" };

describe("documentNameMatches", () => {
  it("ignores case, accents, apostrophes, extra spaces, the order of the parts and an omitted middle name", () => {
    expect(documentNameMatches(doc, "zoe obrien")).toBe(true);
    expect(documentNameMatches(doc, "  ZOË   Anne  O’Brien ")).toBe(true);
    expect(documentNameMatches(doc, "OBrien Zoe")).toBe(true);
  });

  it("refuses another surname, a missing surname, another first name or an extra part", () => {
    expect(documentNameMatches(doc, "Zoe O'Brien-Smith")).toBe(false);
    expect(documentNameMatches(doc, "Zoe")).toBe(false);
    expect(documentNameMatches(doc, "Anne O'Brien")).toBe(false);
    expect(documentNameMatches(doc, "Zoe Kate O'Brien")).toBe(false);
    expect(documentNameMatches({ firstName: "Alex", lastName: "Morgan-Different" }, "Alex Morgan")).toBe(false);
    expect(documentNameMatches(doc, "")).toBe(false);
  });

  it("normalises for display", () => {
    expect(normaliseName("  Zoë  O'Brien ")).toBe("zoe obrien");
  });
});
