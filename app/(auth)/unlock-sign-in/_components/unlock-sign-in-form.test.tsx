import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { UNLOCK_LINK_INVALID } from "@/lib/validation/auth";
import { UnlockSignInForm } from "./unlock-sign-in-form";

const TOKEN = "a-token-from-the-emailed-link-0123456789";

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
}

function setup(fetchImpl: () => Promise<Response>) {
  const fetchMock = jest.fn(fetchImpl);
  global.fetch = fetchMock as unknown as typeof fetch;
  render(<UnlockSignInForm token={TOKEN} />);
  return fetchMock;
}

const press = () => userEvent.click(screen.getByRole("button", { name: "Unlock sign-in" }));

describe("UnlockSignInForm", () => {
  it("sends nothing until the button is pressed, then posts the token and offers to log in", async () => {
    const fetchMock = setup(() => answer(200, { message: "Sign-in is unlocked. You can log in now." }));
    expect(fetchMock).not.toHaveBeenCalled();
    await press();
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("Sign-in is unlocked. You can log in now.");
    expect(within(status).getByRole("link", { name: "Log in now" })).toHaveAttribute("href", "/login");
    expect(fetchMock).toHaveBeenCalledWith("/api/unlock-sign-in", expect.objectContaining({ method: "POST", body: JSON.stringify({ token: TOKEN }) }));
    expect(screen.queryByRole("button", { name: "Unlock sign-in" })).not.toBeInTheDocument();
  });

  it("explains a used or expired link and offers a password reset", async () => {
    setup(() => answer(422, { message: UNLOCK_LINK_INVALID, errors: { token: [UNLOCK_LINK_INVALID] } }));
    await press();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(UNLOCK_LINK_INVALID);
    expect(within(alert).getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/forgot-password");
    expect(screen.queryByRole("button", { name: "Unlock sign-in" })).not.toBeInTheDocument();
  });
});
