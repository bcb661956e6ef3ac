import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { openConsentSettings, readConsent } from "@/lib/client/consent";
import { CookieBanner } from "./cookie-banner";
import { CookieSettingsButton } from "./cookie-settings-button";

function clearConsent() {
  document.cookie = "cookie_consent=; Max-Age=0; Path=/";
}

describe("CookieBanner", () => {
  beforeEach(clearConsent);

  it("asks a first visitor, with Accept and Reject equally prominent", async () => {
    render(<CookieBanner />);
    expect(await screen.findByRole("region", { name: "Cookies on this site" })).toBeInTheDocument();
    const accept = screen.getByRole("button", { name: "Accept all" });
    const reject = screen.getByRole("button", { name: "Reject non-essential" });
    expect(accept.className).toBe(reject.className);
    expect(screen.getByRole("link", { name: "How we use cookies" })).toHaveAttribute("href", "/cookies");
  });

  it("remembers a rejection in the consent cookie and stays closed", async () => {
    const { unmount } = render(<CookieBanner />);
    await userEvent.click(await screen.findByRole("button", { name: "Reject non-essential" }));
    expect(readConsent()).toBe("rejected");
    expect(screen.queryByRole("region", { name: "Cookies on this site" })).not.toBeInTheDocument();
    unmount();
    render(<CookieBanner />);
    await act(async () => {});
    expect(screen.queryByRole("region", { name: "Cookies on this site" })).not.toBeInTheDocument();
  });

  it("opens again from Cookie settings, shows the current choice, and lets it change", async () => {
    document.cookie = "cookie_consent=rejected; Path=/";
    render(
      <>
        <CookieBanner />
        <CookieSettingsButton />
      </>,
    );
    await act(async () => {});
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cookie settings" }));
    expect(await screen.findByText(/your current choice: rejected/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Accept all" }));
    expect(readConsent()).toBe("accepted");
  });

  it("ignores a malformed cookie value", () => {
    expect(readConsent("cookie_consent=maybe; other=1")).toBeNull();
    expect(readConsent("a=1; cookie_consent=accepted")).toBe("accepted");
    act(() => openConsentSettings());
  });
});
