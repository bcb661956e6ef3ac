import { birthYear, patientInitials } from "./public-patient";

describe("the patient on the public check page", () => {
  it.each([
    ["Alex Morgan", "A. M."],
    ["  mary-jane  o'neil ", "M. J. O."],
    ["Émile Zola", "É. Z."],
    ["Cher", "C."],
  ])("initials of %p are %p", (name, initials) => {
    expect(patientInitials(name)).toBe(initials);
  });

  it("reads only the year of the date of birth", () => {
    expect(birthYear("1990-05-17")).toBe("1990");
    expect(birthYear("17/05/1990")).toBe("1990");
    expect(birthYear("unknown")).toBeNull();
  });
});
