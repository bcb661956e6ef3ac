import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { InvitedBookingForm } from "./invited-booking-form";

// The invited form uses the same date and time pickers as /consultation
// (components/booking/schedule), for the invitation's consultation type.

const TODAY = "2026-11-23";
const INVITATION = "33333333-3333-4333-8333-333333333333";
const ALL_TIMES = ["09:00 AM", "10:00 AM", "11:00 AM", "01:00 PM", "02:00 PM", "03:00 PM", "04:00 PM"];

type Answer = { status: number; body: unknown };

function mockApi(routes: { slots: (date: string, type: string) => Answer; book?: (body: unknown) => Answer }) {
  const calls: string[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    calls.push(`${init?.method ?? "GET"} ${url.pathname}${url.search}`);
    let answer: Answer = { status: 404, body: {} };
    if (url.pathname === "/api/consultations/availability") answer = routes.slots(url.searchParams.get("date") ?? "", url.searchParams.get("type") ?? "");
    if (url.pathname === "/api/bookings") answer = routes.book?.(JSON.parse(String(init?.body))) ?? answer;
    return { ok: answer.status < 300, status: answer.status, json: () => Promise.resolve(answer.body) } as Response;
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return calls;
}

const slots = (taken: string[] = []) => ({ status: 200, body: { slots: ALL_TIMES.map((time) => ({ time, available: !taken.includes(time) })) } });
const day = (label: RegExp) => screen.getByRole("button", { name: label });
const times = () => within(screen.getByRole("group", { name: "Select a time" })).queryAllByRole("button").map((button) => button.textContent);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("InvitedBookingForm", () => {
  it("explains a weekend, then loads the free times of the invitation's type and books without payment", async () => {
    const booked: unknown[] = [];
    const calls = mockApi({
      slots: () => slots(["11:00 AM"]),
      book: (body) => {
        booked.push(body);
        return { status: 201, body: { booking: { dateLabel: "Tuesday 24 November 2026", time: "10:00 AM", reference: "BK-123" } } };
      },
    });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<InvitedBookingForm invitationId={INVITATION} today={TODAY} typeSlug="doctor-consultation" />);
    const book = screen.getByRole("button", { name: "Book free consultation" });
    expect(book).toBeDisabled();

    // The calendar is loaded after the page (next/dynamic).
    await user.click(await screen.findByRole("button", { name: /^Saturday 28 November 2026/ }));
    expect(screen.getByText("Weekends are not available. Please select a weekday.")).toBeInTheDocument();
    expect(calls).toEqual([]);
    act(() => jest.advanceTimersByTime(2500));
    expect(screen.queryByText("Weekends are not available. Please select a weekday.")).not.toBeInTheDocument();

    await user.click(day(/^Tuesday 24 November 2026/));
    await screen.findByRole("button", { name: "10:00 AM" });
    expect(calls).toEqual(["GET /api/consultations/availability?date=2026-11-24&type=doctor-consultation"]);
    expect(times()).not.toContain("11:00 AM");
    await user.click(screen.getByRole("button", { name: "10:00 AM" }));
    await user.click(book);
    expect(await screen.findByRole("heading", { name: "Your free consultation is booked" })).toBeInTheDocument();
    expect(booked).toEqual([{ invitation_id: INVITATION, date: "2026-11-24", time: "10:00 AM", hair_concerns: "" }]);
  });

  it("when the time was just taken, says so and loads the times again without it", async () => {
    let taken: string[] = [];
    const calls = mockApi({ slots: () => slots(taken), book: () => ({ status: 409, body: { message: "Slot not available." } }) });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<InvitedBookingForm invitationId={INVITATION} today={TODAY} typeSlug="hair-consultation" />);
    await user.click(await screen.findByRole("button", { name: /^Tuesday 24 November 2026/ }));
    await user.click(await screen.findByRole("button", { name: "10:00 AM" }));
    taken = ["10:00 AM"];
    await user.click(screen.getByRole("button", { name: "Book free consultation" }));
    expect(await screen.findByText("Slot not available.")).toBeInTheDocument();
    await screen.findByRole("button", { name: "09:00 AM" });
    expect(times()).not.toContain("10:00 AM");
    expect(screen.getByRole("button", { name: "Book free consultation" })).toBeDisabled();
    expect(calls.filter((call) => call.includes("availability"))).toHaveLength(2);
  });
});
