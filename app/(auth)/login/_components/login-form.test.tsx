import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { navigateTo } from "@/lib/client/navigate";
import { INVALID_CREDENTIALS, LoginForm, LOGIN_SUCCESS, NO_TOKEN } from "./login-form";

jest.mock("@/lib/client/navigate", () => ({ navigateTo: jest.fn() }));

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) } as Response);
}

function setup(fetchImpl: () => Promise<Response>, returnTo = "/dashboard") {
  const fetchMock = jest.fn(fetchImpl);
  global.fetch = fetchMock as unknown as typeof fetch;
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<LoginForm returnTo={returnTo} />);
  const email = screen.getByRole("textbox", { name: "Email" });
  const password = screen.getByLabelText("Password", { selector: "input" });
  return { fetchMock, user, email, password };
}

async function fillAndSubmit(ctx: ReturnType<typeof setup>, button = "Log in") {
  await ctx.user.type(ctx.email, "Sam@Example.com");
  await ctx.user.type(ctx.password, "correct horse battery");
  await ctx.user.click(screen.getByRole("button", { name: button }));
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.mocked(navigateTo).mockReset();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
});

describe("LoginForm", () => {
  it("reads 'Authenticating...' and disables the inputs while the request is in flight", async () => {
    let release: (response: Response) => void = () => {};
    const ctx = setup(() => new Promise<Response>((resolve) => (release = resolve)));
    await fillAndSubmit(ctx);

    const button = await screen.findByRole("button", { name: "Authenticating..." });
    expect(button).toBeDisabled();
    expect(ctx.email).toBeDisabled();
    expect(ctx.password).toBeDisabled();
    expect(ctx.fetchMock).toHaveBeenCalledWith("/api/login", expect.objectContaining({ method: "POST", body: JSON.stringify({ email: "sam@example.com", password: "correct horse battery" }) }));

    await act(async () => release(await answer(401, { message: "Invalid credentials" })));
    expect(await screen.findByRole("button", { name: "Log in" })).toBeEnabled();
    expect(ctx.email).toBeEnabled();
  });

  it("says 'Invalid credentials' on 401 and keeps what was typed", async () => {
    const ctx = setup(() => answer(401, { message: "Something else from the server" }));
    await fillAndSubmit(ctx);
    expect(await screen.findByRole("alert")).toHaveTextContent(new RegExp(`^${INVALID_CREDENTIALS}$`));
    expect(ctx.email).toHaveValue("Sam@Example.com");
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it("on 422 says 'Validation failed: ' with the field messages, and marks and focuses the fields", async () => {
    const ctx = setup(() =>
      answer(422, {
        message: "The given data was invalid.",
        errors: { email: ["Enter a valid email address, like name@example.com."], password: ["Enter your password."] },
      }),
    );
    await fillAndSubmit(ctx);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Validation failed: Enter a valid email address, like name@example.com. Enter your password.",
    );
    expect(ctx.email).toHaveAttribute("aria-invalid", "true");
    expect(ctx.email).toHaveAccessibleDescription("Enter a valid email address, like name@example.com.");
    expect(ctx.password).toHaveAttribute("aria-invalid", "true");
    expect(ctx.email).toHaveFocus();
  });

  it("treats a 200 without a token as an error", async () => {
    const ctx = setup(() => answer(200, { user: { id: "1", name: "Sam", email: "sam@example.com" } }));
    await fillAndSubmit(ctx);
    expect(await screen.findByRole("alert")).toHaveTextContent(NO_TOKEN);
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    act(() => jest.advanceTimersByTime(5000));
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it("on success says 'Login successful!', keeps no token, and goes to the return path after 1.5 s", async () => {
    const ctx = setup(() => answer(200, { token: "secret-token-value", user: { id: "1", name: "Sam", email: "sam@example.com" } }), "/dashboard/orders");
    await fillAndSubmit(ctx);
    await screen.findByText(LOGIN_SUCCESS);
    expect(screen.getByRole("status")).toHaveTextContent(LOGIN_SUCCESS);
    expect(ctx.email).toBeDisabled();

    // findByText polls every 50 ms on the fake clock, so allow that much.
    act(() => jest.advanceTimersByTime(1400));
    expect(navigateTo).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(100));
    expect(navigateTo).toHaveBeenCalledWith("/dashboard/orders");

    expect(localStorage).toHaveLength(0);
    expect(sessionStorage).toHaveLength(0);
    expect(document.cookie).not.toContain("secret-token-value");
  });

  it("for an account with a second factor, asks for the code instead of going anywhere", async () => {
    const ctx = setup(() => answer(200, { second_factor_required: true, challenge: "signed-challenge", enrolment_required: false }));
    await fillAndSubmit(ctx);
    expect(await screen.findByRole("heading", { name: "Two-step sign-in" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Authentication code" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Use a recovery code instead" })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5000));
    expect(navigateTo).not.toHaveBeenCalled();
    expect(screen.queryByText(NO_TOKEN)).toBeNull();
  });

  it("never follows a return path off this site", async () => {
    const ctx = setup(() => answer(200, { token: "t" }), "https://evil.example/");
    await fillAndSubmit(ctx);
    await screen.findByText(LOGIN_SUCCESS);
    act(() => jest.advanceTimersByTime(1500));
    expect(navigateTo).toHaveBeenCalledWith("/dashboard");
  });

  it.each([
    ["the server's message", () => answer(429, { message: "Too many attempts. Please try again in 15 minutes." }), "Login failed: Too many attempts. Please try again in 15 minutes."],
    ["the error's message", () => Promise.reject(new TypeError("Failed to fetch")), "Login failed: Failed to fetch"],
  ])("reports other failures as 'Login failed: ' and %s", async (_label, fetchImpl, expected) => {
    const ctx = setup(fetchImpl);
    await fillAndSubmit(ctx);
    expect(await screen.findByRole("alert")).toHaveTextContent(expected);
  });

  it("checks the fields with the shared schema before sending anything", async () => {
    const ctx = setup(() => answer(200, { token: "t" }));
    await ctx.user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Validation failed: Enter your email address. Enter your password.");
    expect(ctx.email).toHaveFocus();
    expect(ctx.fetchMock).not.toHaveBeenCalled();
  });
});
