import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { navigateTo } from "@/lib/client/navigate";
import { RegisterForm } from "./register-form";

jest.mock("@/lib/client/navigate", () => ({ navigateTo: jest.fn() }));

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) } as Response);
}

function setup(fetchImpl: () => Promise<Response>) {
  const fetchMock = jest.fn(fetchImpl);
  global.fetch = fetchMock as unknown as typeof fetch;
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<RegisterForm />);
  const fields = {
    name: screen.getByRole("textbox", { name: "Name" }),
    email: screen.getByRole("textbox", { name: "Email" }),
    password: screen.getByLabelText("Password", { selector: "input" }),
    confirm: screen.getByLabelText("Confirm password", { selector: "input" }),
  };
  return { fetchMock, user, fields };
}

async function fill(ctx: ReturnType<typeof setup>, password = "correct horse battery", confirm = password) {
  await ctx.user.type(ctx.fields.name, "Sam Patel");
  await ctx.user.type(ctx.fields.email, "sam@example.com");
  await ctx.user.type(ctx.fields.password, password);
  await ctx.user.type(ctx.fields.confirm, confirm);
  await ctx.user.click(screen.getByRole("button", { name: "Register" }));
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.mocked(navigateTo).mockReset();
});

afterEach(() => {
  jest.useRealTimers();
});

describe("RegisterForm", () => {
  it("labels every field, with a show/hide toggle on both password fields", () => {
    setup(() => answer(201, {}));
    expect(screen.getByRole("button", { name: "Show password" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("button", { name: "Show confirm password" })).toHaveAttribute("aria-pressed", "false");
  });

  it("says 'Passwords do not match!' and sends no request when the passwords differ", async () => {
    const ctx = setup(() => answer(201, { message: "Thanks" }));
    await fill(ctx, "correct horse battery", "correct horse batterie");
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Passwords do not match!$/);
    expect(ctx.fields.confirm).toHaveAttribute("aria-invalid", "true");
    expect(ctx.fields.confirm).toHaveFocus();
    expect(ctx.fetchMock).not.toHaveBeenCalled();
  });

  it("reads 'Registering...' with the inputs disabled, then shows the server's message and goes to /login after 1 s", async () => {
    let release: (response: Response) => void = () => {};
    const ctx = setup(() => new Promise<Response>((resolve) => (release = resolve)));
    await fill(ctx);
    expect(await screen.findByRole("button", { name: "Registering..." })).toBeDisabled();
    for (const field of Object.values(ctx.fields)) expect(field).toBeDisabled();
    const [, init] = ctx.fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      name: "Sam Patel",
      email: "sam@example.com",
      password: "correct horse battery",
      password_confirmation: "correct horse battery",
    });

    await act(async () => release(await answer(201, { message: "Thank you for registering. Please log in to continue." })));
    await screen.findByText("Thank you for registering. Please log in to continue.");
    expect(screen.getByRole("status")).toHaveTextContent("Thank you for registering. Please log in to continue.");
    // findByText polls every 50 ms on the fake clock, so allow that much.
    act(() => jest.advanceTimersByTime(900));
    expect(navigateTo).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(100));
    expect(navigateTo).toHaveBeenCalledWith("/login");
  });

  it("on 422 joins every field message with '. ' and ends with one period", async () => {
    const ctx = setup(() =>
      answer(422, {
        message: "This password is too common.",
        errors: {
          email: ["Enter a valid email address, like name@example.com."],
          password: ["This password is too common. Please choose a less predictable one."],
        },
      }),
    );
    await fill(ctx);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      /^Enter a valid email address, like name@example\.com\. This password is too common\. Please choose a less predictable one\.$/,
    );
    expect(ctx.fields.email).toHaveAttribute("aria-invalid", "true");
    expect(ctx.fields.password).toHaveAttribute("aria-invalid", "true");
    expect(ctx.fields.email).toHaveFocus();
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it.each([
    ["the server's message", () => answer(429, { message: "Too many attempts. Please try again later." }), "Registration failed: Too many attempts. Please try again later."],
    ["'Unknown error' when there is none", () => answer(500, {}), "Registration failed: Unknown error"],
    ["the network error", () => Promise.reject(new TypeError("Failed to fetch")), "Registration failed: Failed to fetch"],
  ])("reports other failures with %s", async (_label, fetchImpl, expected) => {
    const ctx = setup(fetchImpl);
    await fill(ctx);
    expect(await screen.findByRole("alert")).toHaveTextContent(expected);
    expect(screen.getByRole("button", { name: "Register" })).toBeEnabled();
  });

  it("checks the other rules with the shared schema before sending", async () => {
    const ctx = setup(() => answer(201, {}));
    await fill(ctx, "short", "short");
    expect(await screen.findByRole("alert")).toHaveTextContent("Your password must be at least 8 characters.");
    expect(ctx.fetchMock).not.toHaveBeenCalled();
  });
});
