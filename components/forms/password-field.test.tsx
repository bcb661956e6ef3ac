import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PasswordField } from "./password-field";

describe("PasswordField", () => {
  it("hides the password until the toggle is pressed, and hides it again", async () => {
    const user = userEvent.setup();
    render(<PasswordField id="pw" name="password" label="Password" autoComplete="new-password" />);
    const input = screen.getByLabelText("Password", { selector: "input" });
    const toggle = screen.getByRole("button", { name: "Show password" });
    await user.type(input, "s3cret-words");

    expect(input).toHaveAttribute("type", "password");
    expect(toggle).toHaveAttribute("type", "button");
    expect(toggle).toHaveAttribute("aria-pressed", "false");

    await user.click(toggle);
    expect(input).toHaveAttribute("type", "text");
    expect(input).toHaveValue("s3cret-words");
    expect(screen.getByRole("button", { name: "Show password", pressed: true })).toBe(toggle);

    await user.click(toggle);
    expect(input).toHaveAttribute("type", "password");
    expect(toggle).toHaveAttribute("aria-pressed", "false");
  });

  it("names the toggle after its field and ties the error message to the input", () => {
    render(<PasswordField id="confirm" name="password_confirmation" label="Confirm password" autoComplete="new-password" error="Passwords do not match!" />);
    const input = screen.getByLabelText("Confirm password", { selector: "input" });
    expect(screen.getByRole("button", { name: "Show confirm password" })).toHaveAttribute("aria-controls", "confirm");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Passwords do not match!");
  });

  it("does not submit the form it sits in", async () => {
    const onSubmit = jest.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <PasswordField id="pw" name="password" label="Password" autoComplete="current-password" />
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
