import { isDirectlyPurchasable, nextStepFor } from "./next-step";

describe("nextStepFor", () => {
  it("lets cosmetics go straight to the cart", () => {
    expect(nextStepFor({ kind: "COSMETIC", treatmentTypeSlug: null })).toEqual({ type: "add-to-cart", label: "Add to cart" });
  });

  it("sends medicines to their assessment first", () => {
    expect(nextStepFor({ kind: "PHARMACY_MEDICINE", treatmentTypeSlug: "minoxidil" })).toEqual({
      type: "link",
      label: "Start Assessment",
      href: "/minoxidil/quiz/1",
    });
    expect(nextStepFor({ kind: "PRESCRIPTION_ONLY", treatmentTypeSlug: "viagra" })).toMatchObject({ href: "/viagra/quiz/1" });
  });

  it("sends a medicine without an assessment to a consultation, never to the cart", () => {
    expect(nextStepFor({ kind: "PRESCRIPTION_ONLY", treatmentTypeSlug: null })).toMatchObject({ href: "/consultation" });
  });

  it("starts the prescription questionnaire for the service", () => {
    expect(nextStepFor({ kind: "SERVICE", treatmentTypeSlug: "prescription" })).toMatchObject({ href: "/prescription/questionnaire/1" });
  });

  it("allows only cosmetics to be bought without an assessment", () => {
    expect(isDirectlyPurchasable("COSMETIC")).toBe(true);
    for (const kind of ["PHARMACY_MEDICINE", "PRESCRIPTION_ONLY", "SERVICE"] as const) {
      expect(isDirectlyPurchasable(kind)).toBe(false);
    }
  });
});
