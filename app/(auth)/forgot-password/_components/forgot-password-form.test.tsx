import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ForgotPasswordForm, RESET_REQUEST_ERROR } from "./forgot-password-form";

const SENT = "If an account exists for this email, we have sent a link to reset the password. It expires in one hour.";

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
}

async function submit(fetchImpl: () => Promise<Response>, email: string) {
  const fetchMock = jest.fn(fetchImpl);
  global.fetch = fetchMock as unknown as typeof fetch;
  render(<ForgotPasswordForm />);
  const input = screen.getByRole("textbox", { name: "Email" });
  if (email) await userEvent.type(input, email);
  await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
  return { fetchMock, input };
}

describe("ForgotPasswordForm", () => {
  it("posts the email and shows the server's answer in a status region", async () => {
    const { fetchMock } = await submit(() => answer(200, { message: SENT }), "Sam@Example.com");
    await screen.findByText(SENT);
    expect(screen.getByRole("status")).toHaveTextContent(SENT);
    expect(fetchMock).toHaveBeenCalledWith("/api/forgot-password", expect.objectContaining({ body: JSON.stringify({ email: "sam@example.com" }) }));
  });

  it("checks the address format in the browser without sending", async () => {
    const { fetchMock, input } = await submit(() => answer(200, {}), "not-an-email");
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter a valid email address, like name@example.com.");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message on 429", async () => {
    await submit(() => answer(429, { message: "Too many attempts. Please try again later." }), "sam@example.com");
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts. Please try again later.");
  });

  it("explains a network failure", async () => {
    await submit(() => Promise.reject(new TypeError("Failed to fetch")), "sam@example.com");
    expect(await screen.findByRole("alert")).toHaveTextContent(RESET_REQUEST_ERROR);
  });
});
