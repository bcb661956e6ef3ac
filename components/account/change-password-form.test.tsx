import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ChangePasswordForm } from "./change-password-form";

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
}

async function fill(current: string, next: string, confirm: string) {
  await userEvent.type(screen.getByLabelText("Current password"), current);
  await userEvent.type(screen.getByLabelText("New password"), next);
  await userEvent.type(screen.getByLabelText("Confirm new password"), confirm);
  await userEvent.click(screen.getByRole("button", { name: "Change password" }));
}

describe("ChangePasswordForm", () => {
  it("refuses mismatched new passwords without a request", async () => {
    const fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<ChangePasswordForm />);
    await fill("old secret words", "new secret words", "other words here");
    expect(await screen.findByText("Passwords do not match!")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Confirm new password")).toHaveFocus();
  });

  it("shows the server's field error on the current password", async () => {
    global.fetch = jest.fn(() =>
      answer(422, { message: "Your current password is not correct.", errors: { current_password: ["Your current password is not correct."] } }),
    ) as unknown as typeof fetch;
    render(<ChangePasswordForm />);
    await fill("wrong words here", "new secret words", "new secret words");
    expect(await screen.findByRole("alert")).toHaveTextContent("Your current password is not correct.");
    expect(screen.getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");
  });

  it("confirms and clears the form on success", async () => {
    global.fetch = jest.fn(() => answer(200, { message: "Your password has been changed. Other devices have been signed out." })) as unknown as typeof fetch;
    render(<ChangePasswordForm />);
    await fill("old secret words", "new secret words", "new secret words");
    expect(await screen.findByRole("status")).toHaveTextContent("Your password has been changed.");
    expect(screen.getByLabelText("New password")).toHaveValue("");
  });
});
