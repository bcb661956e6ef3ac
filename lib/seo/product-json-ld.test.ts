import { makeProductDetail } from "@/tests/factories/product";
import { productJsonLd } from "./product-json-ld";
import { serializeJsonLd } from "./serialize-json-ld";

process.env.DATABASE_URL ??= "postgresql://localhost:5432/test";
process.env.SITE_URL = "https://shop.example.co.uk";

const product = makeProductDetail({ imageAlt: "Bottle" });

describe("productJsonLd", () => {
  it("describes a priced product with an Offer in GBP and absolute URLs", () => {
    expect(productJsonLd(product)).toMatchObject({
      "@type": "Product",
      name: product.name,
      image: "https://shop.example.co.uk/images/men-shampoo.svg",
      url: "https://shop.example.co.uk/product/men-shampoo",
      offers: { "@type": "Offer", price: "15.99", priceCurrency: "GBP" },
    });
  });

  it("uses an AggregateOffer over the plans when there is no one-off price", () => {
    const planned = {
      ...product,
      pricePence: null,
      plans: [
        { id: "a", slug: "a", name: "1 month", pricePence: 2999, durationMonths: 1, description: "" },
        { id: "b", slug: "b", name: "3 months", pricePence: 7999, durationMonths: 3, description: "" },
      ],
    };
    expect(productJsonLd(planned).offers).toMatchObject({ "@type": "AggregateOffer", lowPrice: "29.99", highPrice: "79.99", priceCurrency: "GBP" });
  });

  it("leaves offers out when nothing is priced", () => {
    expect(productJsonLd({ ...product, pricePence: null })).not.toHaveProperty("offers");
  });
});

describe("serializeJsonLd", () => {
  it("escapes < so a value cannot close the script tag", () => {
    expect(serializeJsonLd({ name: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});
