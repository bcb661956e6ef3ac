import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MenuDrawer } from "./menu-drawer";

// A plain anchor; `prefetch` (a Link option, not an attribute) is dropped.
// jsdom cannot navigate; stop link clicks after the drawer has seen them.
beforeAll(() => document.addEventListener("click", (event) => event.preventDefault()));

function setup() {
  const user = userEvent.setup();
  render(<MenuDrawer siteName="Hairline Clinic" />);
  const menuButton = screen.getByRole("button", { name: "Menu" });
  return { user, menuButton };
}

async function openDrawer() {
  const ctx = setup();
  await ctx.user.click(ctx.menuButton);
  return { ...ctx, dialog: screen.getByRole("dialog", { name: "Main menu" }) };
}

describe("MenuDrawer", () => {
  it("starts closed, with the button describing the drawer it controls", () => {
    const { menuButton } = setup();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
    expect(menuButton).toHaveAttribute("aria-controls");
  });

  it("opens as a modal dialog listing the menu, with focus moved inside", async () => {
    const { menuButton, dialog } = await openDrawer();
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog.id).toBe(menuButton.getAttribute("aria-controls"));
    expect(menuButton).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("button", { name: "Close menu" })).toHaveFocus();
    for (const [name, href] of [
      ["Home", "/"],
      ["Book a Consultation", "/consultation"],
      ["About Us", "/about"],
      ["Contact Us", "/contact"],
      ["Login", "/login"],
    ]) {
      expect(within(dialog).getByRole("link", { name })).toHaveAttribute("href", href);
    }
    expect(within(dialog).getByRole("button", { name: "Choose Treatments" })).toBeInTheDocument();
  });

  it("offers Account (the dashboard) instead of Login once this browser has signed in", async () => {
    document.cookie = "signed_in=1; path=/";
    try {
      const { dialog } = await openDrawer();
      expect(within(dialog).getByRole("link", { name: "Account" })).toHaveAttribute("href", "/dashboard");
      expect(within(dialog).queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
    } finally {
      document.cookie = "signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
    }
  });

  it("closes with the × button and returns focus to the menu button", async () => {
    const { user, menuButton } = await openDrawer();
    await user.click(screen.getByRole("button", { name: "Close menu" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
  });

  it("closes when the backdrop outside the drawer is clicked", async () => {
    const { user } = await openDrawer();
    await user.click(screen.getByTestId("drawer-backdrop"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("is a native dialog, open while the drawer is", async () => {
    const { user, dialog } = await openDrawer();
    expect(dialog.tagName).toBe("DIALOG");
    expect(dialog).toHaveAttribute("open");
    await user.click(screen.getByRole("button", { name: "Close menu" }));
    expect(dialog).not.toHaveAttribute("open");
  });

  // The browser answers Escape in a modal dialog with a cancel event (jsdom has no keyboard
  // handling for dialogs: e2e/layout.spec.ts presses the key in Chromium).
  it("closes on the dialog's cancel event (Escape)", async () => {
    const { menuButton, dialog } = await openDrawer();
    const cancel = new Event("cancel", { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it("closes when any link in the drawer is clicked", async () => {
    const { user, dialog } = await openDrawer();
    await user.click(within(dialog).getByRole("link", { name: "About Us" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("opens the treatments sub-drawer and goes back with the arrow", async () => {
    const { user, dialog } = await openDrawer();
    await user.click(within(dialog).getByRole("button", { name: "Choose Treatments" }));
    const back = within(dialog).getByRole("button", { name: "Back to menu" });
    expect(back).toHaveFocus();
    expect(within(dialog).getByRole("link", { name: "Hair Loss Treatments" })).toHaveAttribute(
      "href",
      "/treatments/hair-loss-treatments",
    );
    expect(within(dialog).getByRole("link", { name: "All treatments" })).toHaveAttribute("href", "/treatments");

    await user.click(back);
    expect(within(dialog).queryByRole("link", { name: "Hair Loss Treatments" })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Choose Treatments" })).toHaveFocus();
  });

  it("closes a link in the sub-drawer together with the drawer", async () => {
    const { user, dialog } = await openDrawer();
    await user.click(within(dialog).getByRole("button", { name: "Choose Treatments" }));
    await user.click(within(dialog).getByRole("link", { name: "Hair Loss Treatments" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("resets the sub-drawer when the drawer closes", async () => {
    const { user, menuButton, dialog } = await openDrawer();
    await user.click(within(dialog).getByRole("button", { name: "Choose Treatments" }));
    await user.click(screen.getByTestId("drawer-backdrop"));
    await user.click(menuButton);
    const reopened = screen.getByRole("dialog", { name: "Main menu" });
    expect(within(reopened).getByRole("link", { name: "Home" })).toBeInTheDocument();
    expect(within(reopened).queryByRole("link", { name: "Hair Loss Treatments" })).not.toBeInTheDocument();
  });
});
