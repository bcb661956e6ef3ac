import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { VerifyEmailForm } from "./verify-email-form";

const TOKEN = "a-token-from-the-emailed-link-0123456789";
const INVALID = "This link has expired or was already used. Please ask for a new one.";

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
}

function setup(fetchImpl: () => Promise<Response>) {
  const fetchMock = jest.fn(fetchImpl);
  global.fetch = fetchMock as unknown as typeof fetch;
  render(<VerifyEmailForm token={TOKEN} />);
  return fetchMock;
}

const confirm = () => userEvent.click(screen.getByRole("button", { name: "Confirm my email address" }));

describe("VerifyEmailForm", () => {
  it("sends nothing until the button is pressed, then posts the token", async () => {
    const fetchMock = setup(() => answer(200, { purpose: "SIGN_UP", message: "Thank you. Your email address is verified." }));
    expect(fetchMock).not.toHaveBeenCalled();
    await confirm();
    expect(await screen.findByRole("status")).toHaveTextContent("Thank you. Your email address is verified.");
    expect(fetchMock).toHaveBeenCalledWith("/api/verify-email", expect.objectContaining({ method: "POST", body: JSON.stringify({ token: TOKEN }) }));
    expect(screen.queryByRole("button", { name: "Confirm my email address" })).not.toBeInTheDocument();
  });

  it("explains a used or expired link and where to get a new one", async () => {
    setup(() => answer(422, { message: INVALID, errors: { token: [INVALID] } }));
    await confirm();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(INVALID);
    expect(within(alert).getByRole("link", { name: "dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(within(alert).getByRole("link", { name: "Account Settings" })).toHaveAttribute("href", "/dashboard/account-settings");
    expect(screen.queryByRole("button", { name: "Confirm my email address" })).not.toBeInTheDocument();
  });

  it("shows the server's message for a change that can no longer be made (409), without the new-link advice", async () => {
    const message = "This email address now belongs to another account, so we could not move yours to it. Nothing has changed.";
    setup(() => answer(409, { message }));
    await confirm();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(message);
    expect(within(alert).queryByRole("link")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Confirm my email address" })).toBeEnabled();
  });
});
