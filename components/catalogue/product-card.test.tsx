import { render, screen } from "@testing-library/react";
import { makeProductCard } from "@/tests/factories/product";
import { ProductCard } from "./product-card";

const base = makeProductCard();

describe("ProductCard", () => {
  it("links the title to the product page and sends cosmetics there with Discover Now", () => {
    render(<ProductCard product={base} headingLevel={3} />);
    expect(screen.getByRole("heading", { level: 3, name: base.name })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: base.name })).toHaveAttribute("href", "/product/men-shampoo");
    expect(screen.getByRole("link", { name: /^Discover Now/ })).toHaveAttribute("href", "/product/men-shampoo");
    expect(screen.getByText("£15.99")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Bottle of shampoo" })).toHaveAttribute("width", "320");
  });

  it("sends medicines to their assessment", () => {
    const minoxidil = { ...base, slug: "minoxidil-5-men", name: "Minoxidil 5% for Men", kind: "PHARMACY_MEDICINE" as const, treatmentTypeSlug: "minoxidil" };
    render(<ProductCard product={minoxidil} headingLevel={2} />);
    expect(screen.getByRole("link", { name: /^Start Assessment/ })).toHaveAttribute("href", "/minoxidil/quiz/1");
    expect(screen.getByRole("link", { name: "Minoxidil 5% for Men" })).toHaveAttribute("href", "/product/minoxidil-5-men");
  });

  it("shows a monthly from-price for plan-only products, and hides it when asked", () => {
    const mounjaro = { ...base, slug: "mounjaro", kind: "PRESCRIPTION_ONLY" as const, pricePence: null, fromPricePence: 19900, treatmentTypeSlug: "mounjaro" };
    const { rerender } = render(<ProductCard product={mounjaro} headingLevel={2} />);
    expect(screen.getByText("From £199.00/month")).toBeInTheDocument();
    rerender(<ProductCard product={mounjaro} headingLevel={2} showPrice={false} />);
    expect(screen.queryByText(/£/)).not.toBeInTheDocument();
  });
});
