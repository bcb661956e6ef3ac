import { addCartItemSchema, updateCartItemSchema } from "./cart";

describe("cart schemas", () => {
  it("defaults the quantity to one and trims the slug", () => {
    expect(addCartItemSchema.parse({ product_slug: " men-shampoo " })).toEqual({ product_slug: "men-shampoo", quantity: 1 });
  });

  it.each([-1, 0, 1.5, 11, "2", null])("refuses quantity %p", (quantity) => {
    expect(updateCartItemSchema.safeParse({ quantity }).success).toBe(false);
  });
});
