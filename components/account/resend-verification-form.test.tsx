import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ResendVerificationForm } from "./resend-verification-form";

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
}

const resend = () => userEvent.click(screen.getByRole("button", { name: "Send the link again" }));

describe("ResendVerificationForm", () => {
  it("asks for a new link and says where it went", async () => {
    const fetchMock = jest.fn(() => answer(200, { message: "We have sent a new link to sam@example.com. It expires in 24 hours." }));
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<ResendVerificationForm />);
    await resend();
    expect(await screen.findByRole("status")).toHaveTextContent("We have sent a new link to sam@example.com.");
    expect(fetchMock).toHaveBeenCalledWith("/api/account/email-verification", expect.objectContaining({ method: "POST" }));
  });

  it("shows the throttle's answer and can be tried again later", async () => {
    global.fetch = jest.fn(() => answer(429, { message: "Too many attempts. Please wait a few minutes and try again." })) as unknown as typeof fetch;
    render(<ResendVerificationForm />);
    await resend();
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts.");
    expect(screen.getByRole("button", { name: "Send the link again" })).toBeEnabled();
  });
});
