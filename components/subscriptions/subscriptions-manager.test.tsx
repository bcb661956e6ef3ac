import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeUserSubscription } from "@/tests/factories/subscription";
import { CANCEL_CONFIRM, CANCEL_FAILED, CANCEL_SUCCESS, LOAD_FAILED, PLANS_DEBOUNCE_MS, SubscriptionsManager } from "./subscriptions-manager";

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
}

const subscription = makeUserSubscription();
const plans = [{ id: "plan-1", name: "Minoxidil 1 month", price: 29.99, duration: 1, description: "A month's supply." }];

/** Answers each path with the next of its queued responses (the last one repeats). */
function routes(table: Record<string, Array<[number, unknown]>>) {
  const calls: string[] = [];
  const fetchMock = jest.fn((path: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? "GET"} ${path}`);
    const key = Object.keys(table).find((prefix) => path.startsWith(prefix));
    const queue = key ? table[key]! : [];
    const next = queue.length > 1 ? queue.shift()! : queue[0];
    return next ? answer(next[0], next[1]) : answer(404, {});
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return calls;
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe("SubscriptionsManager", () => {
  it("shows the loading state, then the subscription with its price, duration and localised period end", async () => {
    routes({ "/api/user-subscriptions": [[200, { subscriptions: [subscription] }]], "/api/plans": [[200, { plans }]] });
    render(<SubscriptionsManager treatmentType="minoxidil" contactEmail="hello@example.co.uk" />);
    expect(screen.getByText("Loading subscriptions...")).toBeInTheDocument();
    const table = await screen.findByRole("table");
    expect(table).toHaveTextContent("sub_test123");
    expect(table).toHaveTextContent("£29.99");
    expect(table).toHaveTextContent("1 month");
    expect(table).toHaveTextContent("24 December 2026");
    expect(table).toHaveTextContent("Renews on 24 December 2026.");
  });

  it("shows the spec's error and empty states", async () => {
    routes({ "/api/user-subscriptions": [[500, {}]], "/api/plans": [[200, { plans: [] }]] });
    const { unmount } = render(<SubscriptionsManager treatmentType="minoxidil" contactEmail="a@b.co" />);
    expect(await screen.findByRole("alert")).toHaveTextContent(LOAD_FAILED);
    unmount();
    routes({ "/api/user-subscriptions": [[200, { subscriptions: [] }]], "/api/plans": [[200, { plans: [] }]] });
    render(<SubscriptionsManager treatmentType="minoxidil" contactEmail="a@b.co" />);
    expect(await screen.findByText("You have no active subscriptions.")).toBeInTheDocument();
  });

  it("loads the plans only after a 300 ms debounce", async () => {
    jest.useFakeTimers();
    const calls = routes({ "/api/user-subscriptions": [[200, { subscriptions: [] }]], "/api/plans": [[200, { plans }]] });
    render(<SubscriptionsManager treatmentType="minoxidil" contactEmail="a@b.co" />);
    await act(async () => {
      jest.advanceTimersByTime(PLANS_DEBOUNCE_MS - 10);
    });
    expect(calls.filter((call) => call.includes("/api/plans"))).toEqual([]);
    await act(async () => {
      jest.advanceTimersByTime(20);
    });
    expect(calls.filter((call) => call.includes("/api/plans"))).toEqual(["GET /api/plans?treatment_type=minoxidil"]);
    jest.useRealTimers();
    expect(await screen.findByRole("heading", { level: 3, name: "Minoxidil 1 month" })).toBeInTheDocument();
    expect(screen.getByText("Duration: 1 month")).toBeInTheDocument();
  });

  it("cancels only after confirmation, alerts the outcome and reloads both lists", async () => {
    const calls = routes({
      "/api/user-subscriptions": [[200, { subscriptions: [subscription] }], [200, { subscriptions: [{ ...subscription, cancel_at_period_end: true }] }]],
      "/api/subscriptions/": [[200, { message: CANCEL_SUCCESS }]],
      "/api/plans": [[200, { plans }]],
    });
    const confirm = jest.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const alert = jest.spyOn(window, "alert").mockImplementation(() => undefined);
    render(<SubscriptionsManager treatmentType="minoxidil" contactEmail="a@b.co" />);
    const table = await screen.findByRole("table");
    const cancel = () => userEvent.click(within(table).getByRole("button", { name: "Cancel subscription sub_test123" }));
    await cancel();
    expect(confirm).toHaveBeenLastCalledWith(CANCEL_CONFIRM);
    expect(calls.some((call) => call.startsWith("POST"))).toBe(false);
    await cancel();
    await waitFor(() => expect(alert).toHaveBeenCalledWith(CANCEL_SUCCESS));
    expect(calls).toContain(`POST /api/subscriptions/${subscription.id}/cancel`);
    expect(await screen.findByRole("table")).toHaveTextContent("Cancelled: ends on 24 December 2026. No further payments.");
    expect(calls.filter((call) => call === "GET /api/user-subscriptions")).toHaveLength(2);
  });

  it("alerts the spec's failure message when the cancel is refused", async () => {
    routes({
      "/api/user-subscriptions": [[200, { subscriptions: [subscription] }]],
      "/api/subscriptions/": [[502, { message: "We could not cancel your subscription." }]],
      "/api/plans": [[200, { plans }]],
    });
    jest.spyOn(window, "confirm").mockReturnValue(true);
    const alert = jest.spyOn(window, "alert").mockImplementation(() => undefined);
    render(<SubscriptionsManager treatmentType="minoxidil" contactEmail="a@b.co" />);
    const table = await screen.findByRole("table");
    await userEvent.click(within(table).getByRole("button", { name: "Cancel subscription sub_test123" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(CANCEL_FAILED));
  });
});
