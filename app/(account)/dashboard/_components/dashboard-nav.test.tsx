import { render, screen, within } from "@testing-library/react";
import { usePathname } from "next/navigation";
import { DashboardNav, isActiveLink } from "./dashboard-nav";

jest.mock("next/navigation", () => ({ usePathname: jest.fn() }));

describe("DashboardNav", () => {
  it("lists the sidebar's links and marks the current page", () => {
    jest.mocked(usePathname).mockReturnValue("/dashboard/subscriptions");
    render(<DashboardNav variant="sidebar" />);
    const nav = screen.getByRole("navigation", { name: "Account" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Dashboard", "/dashboard"],
      ["Orders", "/dashboard/orders"],
      ["Subscriptions", "/dashboard/subscriptions"],
      ["Side effects", "/dashboard/side-effects"],
      ["Account Settings", "/dashboard/account-settings"],
    ]);
    expect(within(nav).getByRole("link", { current: "page" })).toHaveTextContent("Subscriptions");
  });

  it("uses the bottom bar's short labels on mobile", () => {
    jest.mocked(usePathname).mockReturnValue("/dashboard");
    render(<DashboardNav variant="bar" />);
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["Home", "Orders", "Subs", "Side effects", "Account"]);
    expect(screen.getByRole("link", { current: "page" })).toHaveTextContent("Home");
  });
});

describe("isActiveLink", () => {
  it("matches the dashboard home exactly and the other sections with their children", () => {
    expect(isActiveLink("/dashboard", "/dashboard")).toBe(true);
    expect(isActiveLink("/dashboard/orders", "/dashboard")).toBe(false);
    expect(isActiveLink("/dashboard/orders/abc", "/dashboard/orders")).toBe(true);
    expect(isActiveLink("/dashboard/orders-archive", "/dashboard/orders")).toBe(false);
  });
});
