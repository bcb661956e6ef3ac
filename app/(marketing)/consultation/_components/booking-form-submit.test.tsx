import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ConsultationTypeOption } from "@/lib/booking/types";
import { BookingForm } from "./booking-form";
import { openCheckout } from "@/lib/client/open-checkout";

jest.mock("@/lib/client/open-checkout", () => ({ openCheckout: jest.fn() }));

const TODAY = "2026-11-23";
const TYPES: ConsultationTypeOption[] = [
  { slug: "hair-consultation", name: "Hair consultation", description: "With a consultant.", pricePence: 5000, isDefault: true },
];
const ALL_TIMES = ["09:00 AM", "10:00 AM", "11:00 AM", "01:00 PM", "02:00 PM", "03:00 PM", "04:00 PM"];
const BOOKING_ID = "4f7c2a9e-1b3d-4c5e-8f60-7a8b9c0d1e2f";

type Answer = { status: number; body: unknown };
const json = (status: number, body: unknown): Answer => ({ status, body });

function mockApi(pay: () => Answer | Promise<Answer>, taken: () => string[] = () => []) {
  const fetchMock = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    let answer: Answer = json(204, null);
    if (url.pathname === "/api/consultations/availability") {
      answer = json(200, { slots: ALL_TIMES.map((time) => ({ time, available: !taken().includes(time) })) });
    }
    if (url.pathname === "/api/consultations/pay") answer = await pay();
    return { ok: answer.status < 300, status: answer.status, json: () => Promise.resolve(answer.body) } as Response;
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

async function completeForm(email = "Sam@Example.com") {
  const user = userEvent.setup();
  render(<BookingForm today={TODAY} types={TYPES} />);
  await user.type(screen.getByRole("textbox", { name: "Your name" }), "Sam Patel");
  await user.type(screen.getByRole("textbox", { name: "Email address" }), email);
  await user.type(screen.getByRole("textbox", { name: "Additional message" }), "Thinning at the crown");
  await user.click(screen.getByRole("button", { name: /^Thursday 26 November 2026/ }));
  await user.click(await screen.findByRole("button", { name: "02:00 PM" }));
  const submit = screen.getByRole("button", { name: "Book appointment" });
  return { user, submit };
}

beforeEach(() => jest.mocked(openCheckout).mockReset());

describe("BookingForm submit", () => {
  it("posts the booking, says it is working, and goes to the checkout url", async () => {
    let answerPay: (answer: Answer) => void = () => {};
    const fetchMock = mockApi(() => new Promise<Answer>((resolve) => (answerPay = resolve)));
    const { user, submit } = await completeForm();
    await user.click(submit);

    const busy = screen.getByRole("button", { name: "Checking Availability & Redirecting..." });
    expect(busy).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledWith("/api/consultations/pay", {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json", "X-XSRF-TOKEN": "test-xsrf-token" },
      credentials: "same-origin",
      body: JSON.stringify({
        client_name: "Sam Patel",
        client_email: "sam@example.com",
        date: "2026-11-26",
        time: "02:00 PM",
        hair_concerns: "Thinning at the crown",
        type: "hair-consultation",
      }),
      signal: undefined,
    });

    answerPay(json(200, { sessionId: "cs_test_1", url: "http://127.0.0.1:12111/checkout/cs_test_1", message: "ok" }));
    await waitFor(() => expect(openCheckout).toHaveBeenCalledWith("http://127.0.0.1:12111/checkout/cs_test_1"));
    expect(screen.getByRole("button", { name: "Checking Availability & Redirecting..." })).toBeDisabled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows 'Slot not available.' as an error on 409 and drops the taken time", async () => {
    let taken: string[] = [];
    mockApi(
      () => {
        taken = ["02:00 PM"];
        return json(409, { message: "Slot not available." });
      },
      () => taken,
    );
    const { user, submit } = await completeForm();
    await user.click(submit);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Slot not available.");
    expect(alert).toHaveClass("form-message-error");
    expect(await screen.findByRole("button", { name: "01:00 PM" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "02:00 PM" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Book appointment" })).toBeDisabled();
    expect(openCheckout).not.toHaveBeenCalled();
  });

  it("shows the server's 422 message and marks the field it names", async () => {
    mockApi(() =>
      json(422, { message: "Enter a valid email address.", errors: { client_email: ["Enter a valid email address."] } }),
    );
    const { user, submit } = await completeForm();
    await user.click(submit);
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter a valid email address.");
    expect(screen.getByRole("textbox", { name: "Email address" })).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Book appointment" })).toBeEnabled();
  });

  it("says 'Slot not available.' when the answer has no session and no message", async () => {
    mockApi(() => json(200, {}));
    const { user, submit } = await completeForm();
    await user.click(submit);
    expect(await screen.findByRole("alert")).toHaveTextContent("Slot not available.");
  });

  it("says 'Booking failed. Please try again.' when the request fails without a message", async () => {
    mockApi(() => Promise.reject(new TypeError("Failed to fetch")));
    const { user, submit } = await completeForm();
    await user.click(submit);
    expect(await screen.findByRole("alert")).toHaveTextContent("Booking failed. Please try again.");
    expect(screen.getByRole("button", { name: "Book appointment" })).toBeEnabled();
  });

  it("checks the email in the browser before paying", async () => {
    const fetchMock = mockApi(() => json(200, {}));
    const { user, submit } = await completeForm("sam@");
    await user.click(submit);
    expect(await screen.findByRole("alert")).toHaveTextContent("Please check the highlighted fields.");
    expect(screen.getByRole("textbox", { name: "Email address" })).toHaveFocus();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain("/api/consultations/pay");
  });
});

describe("BookingForm after a cancelled checkout", () => {
  it("releases the held slot, says so in green and cleans the address bar", async () => {
    const fetchMock = mockApi(() => json(200, {}));
    window.history.pushState({}, "", `/consultation?checkout=cancelled&booking=${BOOKING_ID}`);
    render(<BookingForm today={TODAY} types={TYPES} cancelledCheckout={{ bookingId: BOOKING_ID }} />);

    const message = screen.getByText(
      "Payment cancelled. Your appointment was not booked — you can choose another time.",
    );
    expect(message).toHaveClass("form-message-success");
    expect(message.parentElement).toHaveAttribute("role", "status");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/consultations/bookings/${BOOKING_ID}/release`,
      expect.objectContaining({ method: "POST", body: undefined, headers: expect.objectContaining({ "X-XSRF-TOKEN": "test-xsrf-token" }) }),
    );
    expect(window.location.search).toBe("");
    expect(window.location.pathname).toBe("/consultation");
  });
});
