import { render } from "@testing-library/react";
import { nextLinks } from "@/bench/scale/deep-pages.mjs";
import { Pager } from "./pager";

// The scale bench reaches a queue's deep pages by following this component's "next" link
// (bench/scale/deep-pages.mjs): the two must agree on how that link is marked.
describe("Pager", () => {
  it("marks the link to the next page rel=next, which the bench's page walk finds (and only it)", () => {
    const { container } = render(<Pager label="Orders: pages" first={{ href: "/staff/orders", text: "Oldest orders" }} next={{ href: "/staff/orders?review=1795520211419.f803edf7-03b5-4257-8e9e-127e75c8b3bb", text: "Next 50 orders" }} />);
    expect(nextLinks(container.innerHTML)).toEqual(["/staff/orders?review=1795520211419.f803edf7-03b5-4257-8e9e-127e75c8b3bb"]);
  });

  it("offers no next link on a list's last page", () => {
    const { container } = render(<Pager label="Orders: pages" first={{ href: "/staff/orders", text: "Oldest orders" }} next={null} />);
    expect(nextLinks(container.innerHTML)).toEqual([]);
  });
});
