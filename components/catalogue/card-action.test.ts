import { cardActionFor } from "./card-action";

describe("cardActionFor", () => {
  it("sends cosmetics to their product page with Discover Now", () => {
    expect(cardActionFor({ slug: "women-shampoo", kind: "COSMETIC", treatmentTypeSlug: null })).toEqual({
      label: "Discover Now",
      href: "/product/women-shampoo",
    });
  });

  it("sends medicines to their assessment", () => {
    expect(cardActionFor({ slug: "viagra", kind: "PRESCRIPTION_ONLY", treatmentTypeSlug: "viagra" })).toEqual({
      label: "Start Assessment",
      href: "/viagra/quiz/1",
    });
  });

  it("sends the prescription service to its questionnaire", () => {
    expect(cardActionFor({ slug: "prescription-service", kind: "SERVICE", treatmentTypeSlug: "prescription" })).toMatchObject({
      href: "/prescription/questionnaire/1",
    });
  });
});
