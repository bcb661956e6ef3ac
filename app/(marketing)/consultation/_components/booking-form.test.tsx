import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ConsultationTypeOption } from "@/lib/booking/types";
import { BookingForm } from "./booking-form";
import { openCheckout } from "@/lib/client/open-checkout";

jest.mock("@/lib/client/open-checkout", () => ({ openCheckout: jest.fn() }));

// Monday 23 November 2026 in London; the window runs to Wednesday 23 December.
const TODAY = "2026-11-23";
const TYPES: ConsultationTypeOption[] = [
  { slug: "hair-consultation", name: "Hair consultation", description: "With a consultant.", pricePence: 5000, isDefault: true },
  { slug: "doctor-consultation", name: "Same-day doctor consultation", description: "With a doctor.", pricePence: 9500, isDefault: false },
];
const ALL_TIMES = ["09:00 AM", "10:00 AM", "11:00 AM", "01:00 PM", "02:00 PM", "03:00 PM", "04:00 PM"];

type Reply = { status: number; body: unknown } | Promise<never>;

function reply(status: number, body: unknown): Reply {
  return { status, body };
}

function slotsBody(date: string, taken: string[] = []) {
  return { date, type: "hair-consultation", slots: ALL_TIMES.map((time) => ({ time, available: !taken.includes(time) })) };
}

/** A fetch stand-in that answers by path; `pay` may be a pending promise to hold the request open. */
function mockApi(routes: { slots?: (date: string) => Reply; pay?: () => Reply | Promise<Reply>; release?: () => Reply }) {
  const fetchMock = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    let answer: Reply | Promise<Reply> = reply(404, { message: "Not found" });
    if (url.pathname === "/api/consultations/availability") answer = routes.slots?.(url.searchParams.get("date") ?? "") ?? answer;
    if (url.pathname === "/api/consultations/pay") answer = routes.pay?.() ?? answer;
    if (url.pathname.endsWith("/release")) answer = routes.release?.() ?? reply(204, null);
    const { status, body } = await answer;
    return { ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) } as Response;
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function setup(props: Partial<Parameters<typeof BookingForm>[0]> = {}) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<BookingForm today={TODAY} types={TYPES} {...props} />);
  const submit = () => screen.getByRole("button", { name: /Book appointment|Checking Availability/ });
  const day = (label: RegExp) => screen.getByRole("button", { name: label });
  return { user, submit, day };
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>, email = "sam@example.com") {
  await user.type(screen.getByRole("textbox", { name: "Your name" }), "Sam Patel");
  await user.type(screen.getByRole("textbox", { name: "Email address" }), email);
}

const slotButtons = () => within(screen.getByRole("group", { name: "Select a time" })).queryAllByRole("button");

beforeEach(() => {
  jest.useFakeTimers();
  jest.mocked(openCheckout).mockReset();
});

afterEach(() => {
  jest.useRealTimers();
});

describe("BookingForm", () => {
  it("lists the consultation types with £ prices and preselects the default", () => {
    mockApi({});
    setup();
    expect(screen.getByRole("heading", { name: "Schedule Your Consultation" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Hair consultation — £50.00" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Same-day doctor consultation — £95.00" })).not.toBeChecked();
    expect(screen.getByRole("textbox", { name: "Your name" })).toBeRequired();
    expect(screen.getByRole("textbox", { name: "Email address" })).toBeRequired();
    expect(screen.getByRole("textbox", { name: "Additional message" })).toHaveAttribute("rows", "3");
    expect(screen.queryByRole("group", { name: "Select a time" })).not.toBeInTheDocument();
  });

  it("keeps Book appointment disabled until name, email, a weekday and a time are set", async () => {
    mockApi({ slots: (date) => reply(200, slotsBody(date)) });
    const { user, submit, day } = setup();
    expect(submit()).toBeDisabled();
    await fillDetails(user);
    expect(submit()).toBeDisabled();
    await user.click(day(/^Tuesday 24 November 2026/));
    await user.click(await screen.findByRole("button", { name: "10:00 AM" }));
    expect(submit()).toBeEnabled();
    await user.clear(screen.getByRole("textbox", { name: "Your name" }));
    expect(submit()).toBeDisabled();
  });

  it("disables the days outside today … today + 30 days but not weekends", () => {
    mockApi({});
    const { day } = setup();
    expect(day(/^Sunday 22 November 2026/)).toBeDisabled();
    expect(day(/^Today, Monday 23 November 2026/)).toBeEnabled();
    expect(day(/^Saturday 28 November 2026, unavailable \(weekend\)/)).toBeEnabled();
    expect(screen.getByRole("button", { name: /previous month/i })).toHaveAttribute("aria-disabled", "true");
  });

  it("warns about a weekend, clears the date and slots, and hides the warning after 2.5 s", async () => {
    const fetchMock = mockApi({ slots: (date) => reply(200, slotsBody(date)) });
    const { user, day } = setup();
    await user.click(day(/^Tuesday 24 November 2026/));
    expect(await screen.findByRole("button", { name: "09:00 AM" })).toBeInTheDocument();

    await user.click(day(/^Saturday 28 November 2026/));
    expect(screen.getByText("Weekends are not available. Please select a weekday.")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Select a time" })).not.toBeInTheDocument();
    expect(day(/^Tuesday 24 November 2026/)).not.toHaveAttribute("aria-label", expect.stringContaining("selected"));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    act(() => jest.advanceTimersByTime(2400));
    expect(screen.getByText("Weekends are not available. Please select a weekday.")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByText("Weekends are not available. Please select a weekday.")).not.toBeInTheDocument();
  });

  it("loads the free times of the picked date and type, and a new date clears the chosen time", async () => {
    const fetchMock = mockApi({
      slots: (date) => reply(200, slotsBody(date, date === "2026-11-24" ? ["09:00 AM", "02:00 PM"] : ["04:00 PM"])),
    });
    const { user, day, submit } = setup();
    await fillDetails(user);
    await user.click(day(/^Tuesday 24 November 2026/));
    expect(screen.getByText("Loading available times…")).toBeInTheDocument();
    await screen.findByRole("button", { name: "10:00 AM" });
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/consultations/availability?date=2026-11-24&type=hair-consultation",
      expect.objectContaining({ method: "GET" }),
    );
    expect(slotButtons().map((b) => b.textContent)).toEqual(["10:00 AM", "11:00 AM", "01:00 PM", "03:00 PM", "04:00 PM"]);

    await user.click(screen.getByRole("button", { name: "03:00 PM" }));
    expect(screen.getByRole("button", { name: "03:00 PM" })).toHaveAttribute("aria-pressed", "true");
    expect(submit()).toBeEnabled();

    await user.click(day(/^Wednesday 25 November 2026/));
    expect(submit()).toBeDisabled();
    await screen.findByRole("button", { name: "09:00 AM" });
    expect(slotButtons().map((b) => b.textContent)).toEqual(ALL_TIMES.slice(0, 6));
    expect(slotButtons().filter((b) => b.getAttribute("aria-pressed") === "true")).toEqual([]);
    expect(submit()).toBeDisabled();
  });

  it("asks for another date when no time is left", async () => {
    mockApi({ slots: (date) => reply(200, slotsBody(date, ALL_TIMES)) });
    const { user, day } = setup();
    await user.click(day(/^Tuesday 24 November 2026/));
    expect(await screen.findByText("No times are left on this date. Please choose another date.")).toBeInTheDocument();
    expect(slotButtons()).toEqual([]);
  });

  it("reloads the times for the other consultation type", async () => {
    const fetchMock = mockApi({ slots: (date) => reply(200, slotsBody(date)) });
    const { user, day } = setup();
    await user.click(day(/^Tuesday 24 November 2026/));
    await screen.findByRole("button", { name: "09:00 AM" });
    await user.click(screen.getByRole("radio", { name: /Same-day doctor consultation/ }));
    expect(fetchMock).toHaveBeenLastCalledWith(
      "/api/consultations/availability?date=2026-11-24&type=doctor-consultation",
      expect.anything(),
    );
  });
});
