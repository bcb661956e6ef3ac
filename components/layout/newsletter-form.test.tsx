import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NEWSLETTER_CONSENT_TEXT } from "@/lib/validation/newsletter";
import { NewsletterForm, NEWSLETTER_NETWORK_ERROR } from "./newsletter-form";

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
}

function setup(fetchImpl: () => Promise<Response>) {
  const fetchMock = jest.fn(fetchImpl);
  global.fetch = fetchMock as unknown as typeof fetch;
  const user = userEvent.setup();
  render(<NewsletterForm consentText={NEWSLETTER_CONSENT_TEXT} />);
  const email = screen.getByRole("textbox", { name: "Email address" });
  const consent = screen.getByRole("checkbox", { name: NEWSLETTER_CONSENT_TEXT });
  const submit = screen.getByRole("button", { name: "Sign up" });
  return { user, fetchMock, email, consent, submit };
}

describe("NewsletterForm", () => {
  it("has an email input and a required consent checkbox", () => {
    const { email, consent } = setup(() => answer(201, {}));
    expect(email).toHaveAttribute("type", "email");
    expect(consent).toBeRequired();
  });

  it("validates in the browser before sending anything", async () => {
    const { user, fetchMock, email, submit } = setup(() => answer(201, {}));
    await user.type(email, "not-an-email");
    await user.click(submit);
    expect(await screen.findByText("Enter a valid email address, like name@example.com.")).toBeInTheDocument();
    expect(screen.getByText("Tick the box to agree to receive our emails.")).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts JSON with consent, shows the welcome message with the code, and resets", async () => {
    const message = "Thanks for subscribing! Check your inbox: we have emailed your personal code for 10% off your first order.";
    const { user, fetchMock, email, consent, submit } = setup(() => answer(201, { message }));
    await user.type(email, "Sam@Example.com");
    await user.click(consent);
    await user.click(submit);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(message);
    expect(fetchMock).toHaveBeenCalledWith("/api/newsletter", {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json", "X-XSRF-TOKEN": "test-xsrf-token" },
      credentials: "same-origin",
      body: JSON.stringify({ email: "sam@example.com", consent: true }),
      signal: undefined,
    });
    expect(email).toHaveValue("");
    expect(consent).not.toBeChecked();
  });

  it("shows a conflict message as an error", async () => {
    const { user, email, consent, submit } = setup(() => answer(409, { message: "You're already subscribed." }));
    await user.type(email, "sam@example.com");
    await user.click(consent);
    await user.click(submit);
    expect(await screen.findByRole("alert")).toHaveTextContent("You're already subscribed.");
    expect(email).toHaveValue("sam@example.com");
  });

  it("explains a network failure", async () => {
    const { user, email, consent, submit } = setup(() => Promise.reject(new TypeError("Failed to fetch")));
    await user.type(email, "sam@example.com");
    await user.click(consent);
    await user.click(submit);
    expect(await screen.findByRole("alert")).toHaveTextContent(NEWSLETTER_NETWORK_ERROR);
  });
});
