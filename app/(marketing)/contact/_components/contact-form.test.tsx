import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CONTACT_THANK_YOU } from "@/lib/validation/contact";
import { ContactForm, CONTACT_SEND_ERROR } from "./contact-form";

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
}

async function fillAndSend(fetchImpl: () => Promise<Response>) {
  const fetchMock = jest.fn(fetchImpl);
  global.fetch = fetchMock as unknown as typeof fetch;
  const user = userEvent.setup();
  render(<ContactForm />);
  const fields = {
    name: screen.getByRole("textbox", { name: "Name" }),
    email: screen.getByRole("textbox", { name: "Email" }),
    subject: screen.getByRole("textbox", { name: "Subject" }),
    message: screen.getByRole("textbox", { name: "Message" }),
  };
  await user.type(fields.name, "Sam Patel");
  await user.type(fields.email, "sam@example.com");
  await user.type(fields.subject, "Delivery");
  await user.type(fields.message, "Where is my order?");
  await user.click(screen.getByRole("button", { name: "Send message" }));
  return { fetchMock, fields };
}

describe("ContactForm", () => {
  it("labels every field and marks them required", () => {
    render(<ContactForm />);
    for (const name of ["Name", "Email", "Subject", "Message"]) {
      expect(screen.getByRole("textbox", { name })).toBeRequired();
    }
  });

  it("shows field errors from the shared schema without sending", async () => {
    const fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<ContactForm />);
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    const name = screen.getByRole("textbox", { name: "Name" });
    expect(await screen.findByText("Enter your name.")).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts JSON, thanks the sender in a status region and resets the form", async () => {
    const { fetchMock, fields } = await fillAndSend(() => answer(201, { message: "Created" }));
    expect(await screen.findByRole("status")).toHaveTextContent(CONTACT_THANK_YOU);
    expect(screen.getByText("Thank you for your message! We'll get back to you soon.")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/contact", {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json", "X-XSRF-TOKEN": "test-xsrf-token" },
      credentials: "same-origin",
      body: JSON.stringify({ name: "Sam Patel", email: "sam@example.com", subject: "Delivery", message: "Where is my order?" }),
      signal: undefined,
    });
    for (const field of Object.values(fields)) expect(field).toHaveValue("");
  });

  it("shows the server's field errors next to the fields and keeps the input", async () => {
    const { fields } = await fillAndSend(() =>
      answer(422, { message: "Enter a valid email address.", errors: { email: ["Enter a valid email address."] } }),
    );
    const error = await screen.findByText("Enter a valid email address.", { selector: ".field-error" });
    expect(fields.email).toHaveAttribute("aria-invalid", "true");
    expect(fields.email).toHaveAttribute("aria-describedby", error.id);
    expect(fields.name).toHaveValue("Sam Patel");
    expect(fields.message).toHaveValue("Where is my order?");
  });

  it("keeps the input and explains other failures", async () => {
    const { fields } = await fillAndSend(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(await screen.findByRole("alert")).toHaveTextContent(CONTACT_SEND_ERROR);
    expect(fields.subject).toHaveValue("Delivery");
  });
});
