import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { navigateTo } from "@/lib/client/navigate";
import { LogOutButton, LOGOUT_FAILED } from "./log-out-button";

jest.mock("@/lib/client/navigate", () => ({ navigateTo: jest.fn() }));

const answer = (status: number) => Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve({}) } as Response);

beforeEach(() => jest.mocked(navigateTo).mockReset());

describe("LogOutButton", () => {
  it("reads 'Logging out...' while working, posts /api/logout with the XSRF token, then loads /login?fromLogout=true", async () => {
    let release: (response: Response) => void = () => {};
    const fetchMock = jest.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<LogOutButton />);
    await userEvent.click(screen.getByRole("button", { name: "Log out" }));

    expect(screen.getByRole("button", { name: "Logging out..." })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledWith("/api/logout", expect.objectContaining({ method: "POST", headers: expect.objectContaining({ "X-XSRF-TOKEN": "test-xsrf-token" }) }));
    expect(navigateTo).not.toHaveBeenCalled();

    await act(async () => release(await answer(200)));
    expect(navigateTo).toHaveBeenCalledWith("/login?fromLogout=true");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("goes to the login page when the session had already ended (401)", async () => {
    global.fetch = jest.fn(() => answer(401)) as unknown as typeof fetch;
    render(<LogOutButton />);
    await userEvent.click(screen.getByRole("button", { name: "Log out" }));
    expect(navigateTo).toHaveBeenCalledWith("/login?fromLogout=true");
  });

  it.each([
    ["the server fails", () => answer(500)],
    ["the network fails", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("says 'Logout failed. Please try again.' and stays when %s", async (_label, fetchImpl) => {
    global.fetch = jest.fn(fetchImpl) as unknown as typeof fetch;
    render(<LogOutButton />);
    await userEvent.click(screen.getByRole("button", { name: "Log out" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(LOGOUT_FAILED);
    expect(screen.getByText("Logout failed. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Log out" })).toBeEnabled();
    expect(navigateTo).not.toHaveBeenCalled();
  });
});
