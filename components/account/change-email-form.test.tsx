import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ChangeEmailForm } from "./change-email-form";

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
}

async function fill(email: string, password: string) {
  if (email) await userEvent.type(screen.getByRole("textbox", { name: "New email address" }), email);
  if (password) await userEvent.type(screen.getByLabelText("Current password", { selector: "input" }), password);
  await userEvent.click(screen.getByRole("button", { name: "Change email address" }));
}

describe("ChangeEmailForm", () => {
  it("shows the current address and the one waiting for confirmation", () => {
    render(<ChangeEmailForm email="sam@example.com" pendingEmail="sam@new.example" />);
    expect(screen.getByText("sam@example.com")).toBeInTheDocument();
    expect(screen.getByText(/Waiting for confirmation/)).toHaveTextContent("sam@new.example");
  });

  it("checks the fields in the browser without sending", async () => {
    const fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<ChangeEmailForm email="sam@example.com" pendingEmail={null} />);
    await fill("not-an-email", "");
    expect(screen.getByRole("textbox", { name: "New email address" })).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("textbox", { name: "New email address" })).toHaveFocus();
    expect(screen.getByLabelText("Current password", { selector: "input" })).toHaveAccessibleDescription("Enter your current password.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the new address with the password, then confirms and clears the form", async () => {
    const message = "We have sent a link to sam@new.example. Your email address changes when you open it; it expires in 24 hours.";
    const fetchMock = jest.fn(() => answer(200, { message }));
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<ChangeEmailForm email="sam@example.com" pendingEmail="old@pending.example" />);
    await fill("Sam@New.example", "correct horse battery");
    expect(await screen.findByRole("status")).toHaveTextContent(message);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/account/email",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ email: "sam@new.example", current_password: "correct horse battery" }) }),
    );
    expect(screen.getByRole("textbox", { name: "New email address" })).toHaveValue("");
    expect(screen.queryByText(/Waiting for confirmation/)).not.toBeInTheDocument();
  });

  it("marks the password when the server refuses it", async () => {
    global.fetch = jest.fn(() =>
      answer(422, { message: "Your current password is not correct.", errors: { current_password: ["Your current password is not correct."] } }),
    ) as unknown as typeof fetch;
    render(<ChangeEmailForm email="sam@example.com" pendingEmail={null} />);
    await fill("sam@new.example", "wrong words");
    expect(await screen.findByRole("alert")).toHaveTextContent("Your current password is not correct.");
    const password = screen.getByLabelText("Current password", { selector: "input" });
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveFocus();
  });
});
