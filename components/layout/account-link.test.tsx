import { act, render, screen, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { AccountLink } from "./account-link";
import { ClearSignedInHint } from "./clear-signed-in-hint";

function setHint(value: string | null) {
  document.cookie = value === null ? "signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/" : `signed_in=${value}; path=/`;
}

afterEach(() => setHint(null));

describe("AccountLink", () => {
  it("offers Login to a visitor without the hint cookie", () => {
    render(<AccountLink />);
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("link", { name: "Account" })).not.toBeInTheDocument();
  });

  it("offers Account (the dashboard) once the browser has signed in", () => {
    setHint("1");
    render(<AccountLink className="nav" />);
    const link = screen.getByRole("link", { name: "Account" });
    expect(link).toHaveAttribute("href", "/dashboard");
    expect(link).toHaveClass("nav");
  });

  it("renders Login on the server whatever the cookie says, then hydrates without a mismatch and swaps", async () => {
    setHint("1");
    const html = renderToString(<AccountLink />);
    expect(html).toMatch(/href="\/login"[^>]*>Login</);
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = html;
    const onRecoverableError = jest.fn();
    await act(async () => {
      hydrateRoot(container, <AccountLink />, { onRecoverableError });
    });
    expect(within(container).getByRole("link", { name: "Account" })).toHaveAttribute("href", "/dashboard");
    expect(onRecoverableError).not.toHaveBeenCalled();
    container.remove();
  });

  it("ignores any other value or a cookie whose name merely ends the same way", () => {
    document.cookie = "not_signed_in=1; path=/";
    setHint("0");
    render(<AccountLink />);
    expect(screen.getByRole("link", { name: "Login" })).toBeInTheDocument();
    document.cookie = "not_signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  it("changes back to Login when the page is shown again after signing out elsewhere", () => {
    setHint("1");
    render(<AccountLink />);
    expect(screen.getByRole("link", { name: "Account" })).toBeInTheDocument();
    setHint(null);
    act(() => {
      window.dispatchEvent(new Event("pageshow"));
    });
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  });
});

describe("ClearSignedInHint", () => {
  it("drops a stale hint, and the header's link follows at once", () => {
    setHint("1");
    render(<AccountLink />);
    expect(screen.getByRole("link", { name: "Account" })).toBeInTheDocument();
    render(<ClearSignedInHint />);
    expect(document.cookie).not.toContain("signed_in=1");
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  });
});
