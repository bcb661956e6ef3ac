import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ResetPasswordForm } from "./reset-password-form";

const TOKEN = "a-token-from-the-emailed-link-0123456789";

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
}

async function submit(fetchImpl: () => Promise<Response>, password = "correct horse battery", confirm = password) {
  const fetchMock = jest.fn(fetchImpl);
  global.fetch = fetchMock as unknown as typeof fetch;
  render(<ResetPasswordForm token={TOKEN} />);
  await userEvent.type(screen.getByLabelText("New password", { selector: "input" }), password);
  await userEvent.type(screen.getByLabelText("Confirm new password", { selector: "input" }), confirm);
  await userEvent.click(screen.getByRole("button", { name: "Set new password" }));
  return fetchMock;
}

describe("ResetPasswordForm", () => {
  it("says 'Passwords do not match!' and sends nothing when they differ", async () => {
    const fetchMock = await submit(() => answer(200, {}), "correct horse battery", "something else entirely");
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Passwords do not match!$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the token with the new password and offers a way to log in", async () => {
    const fetchMock = await submit(() => answer(200, { message: "Your password has been changed. Please log in with your new password." }));
    await screen.findByText(/Your password has been changed/);
    const status = screen.getByRole("status");
    expect(within(status).getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/reset-password",
      expect.objectContaining({ body: JSON.stringify({ token: TOKEN, password: "correct horse battery", password_confirmation: "correct horse battery" }) }),
    );
    expect(screen.getByLabelText("New password", { selector: "input" })).toBeDisabled();
  });

  it("explains an invalid or expired link and links to ask for a new one", async () => {
    const message = "This reset link is invalid or has expired. Please ask for a new one.";
    await submit(() => answer(422, { message, errors: { token: [message] } }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
  });

  it("marks the password field when the server refuses the password", async () => {
    const message = "This password is too common. Please choose a less predictable one.";
    await submit(() => answer(422, { message, errors: { password: [message] } }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    const input = screen.getByLabelText("New password", { selector: "input" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveFocus();
    expect(screen.queryByRole("link", { name: "Ask for a new link" })).not.toBeInTheDocument();
  });
});
