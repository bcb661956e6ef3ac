import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeUserSubscription } from "@/tests/factories/subscription";
import { CANCEL_CONFIRM, CANCEL_FAILED, CANCEL_SUCCESS, LOAD_FAILED, RELOAD_DEBOUNCE_MS, SubscriptionsManager } from "./subscriptions-manager";

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
}

const subscription = makeUserSubscription();
const plans = [{ id: "plan-1", name: "Minoxidil 1 month", price: 29.99, duration: 1, description: "A month's supply." }];
const viagraPlans = [{ id: "plan-2", name: "Viagra 1 month", price: 24.99, duration: 1, description: "A month's tablets." }];

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

const gets = (calls: string[]) => calls.filter((call) => call.startsWith("GET /api/"));

/** Lets pending promises (the mocked fetches) settle without moving the fake clock. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 3; i++) await jest.advanceTimersByTimeAsync(0);
  });

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe("SubscriptionsManager", () => {
  it("renders the server's subscriptions and plans at once, without fetching", async () => {
    const calls = routes({});
    render(<SubscriptionsManager subscriptions={[subscription]} plans={plans} planTreatmentTypes={["minoxidil"]} contactEmail="hello@example.co.uk" />);
    const table = screen.getByRole("table");
    expect(table).toHaveTextContent("sub_test123");
    expect(table).toHaveTextContent("£29.99");
    expect(table).toHaveTextContent("1 month");
    expect(table).toHaveTextContent("24 December 2026");
    expect(table).toHaveTextContent("Renews on 24 December 2026.");
    expect(screen.getByRole("list", { name: "Your subscriptions" })).toHaveTextContent("Minoxidil 1 month");
    const offered = within(screen.getByRole("region", { name: "Available Plans" }));
    expect(offered.getByRole("heading", { level: 3, name: "Minoxidil 1 month" })).toBeInTheDocument();
    expect(offered.getByText("Duration: 1 month")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Subscribe to Minoxidil 1 month" })).toBeInTheDocument();
    expect(screen.queryByText(/Loading/)).not.toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, RELOAD_DEBOUNCE_MS + 50));
    });
    expect(calls).toEqual([]);
  });

  it("shows the spec's error and empty states", () => {
    routes({});
    const { unmount } = render(<SubscriptionsManager subscriptions={null} plans={null} planTreatmentTypes={[]} contactEmail="a@b.co" />);
    expect(screen.getByRole("alert")).toHaveTextContent(LOAD_FAILED);
    unmount();
    render(<SubscriptionsManager subscriptions={[]} plans={[]} planTreatmentTypes={["minoxidil"]} contactEmail="a@b.co" />);
    expect(screen.getByText("You have no active subscriptions.")).toBeInTheDocument();
    expect(screen.getByText("No plans are available at the moment.")).toBeInTheDocument();
  });

  it("after an action, reloads both lists once, 300 ms after the last action, for the page's treatment types", async () => {
    jest.useFakeTimers();
    const second = makeUserSubscription({ id: "22222222-2222-4222-8222-222222222222", stripe_subscription_id: "sub_test456", treatment_type: "viagra", plan_name: "Viagra 1 month" });
    const calls = routes({
      "/api/subscriptions/": [[200, { message: "Your subscription is paused." }]],
      "/api/user-subscriptions": [[200, { subscriptions: [{ ...subscription, paused: true }, { ...second, paused: true }] }]],
      "/api/plans?treatment_type=minoxidil": [[200, { plans }]],
      "/api/plans?treatment_type=viagra": [[200, { plans: viagraPlans }]],
    });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<SubscriptionsManager subscriptions={[subscription, second]} plans={plans} planTreatmentTypes={["minoxidil", "viagra"]} contactEmail="a@b.co" />);
    const table = screen.getByRole("table");
    await user.click(within(table).getByRole("button", { name: "Pause subscription sub_test123" }));
    await settle();
    expect(screen.getByText("Your subscription is paused.")).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(RELOAD_DEBOUNCE_MS - 100);
    });
    // A second action within the wait restarts it: still one reload.
    await user.click(within(table).getByRole("button", { name: "Pause subscription sub_test456" }));
    await settle();
    await act(async () => {
      jest.advanceTimersByTime(RELOAD_DEBOUNCE_MS - 10);
    });
    expect(gets(calls)).toEqual([]);
    await act(async () => {
      jest.advanceTimersByTime(20);
    });
    await settle();
    expect(gets(calls)).toEqual(["GET /api/user-subscriptions", "GET /api/plans?treatment_type=minoxidil", "GET /api/plans?treatment_type=viagra"]);
    expect(within(screen.getByRole("region", { name: "Available Plans" })).getByRole("heading", { level: 3, name: "Viagra 1 month" })).toBeInTheDocument();
    expect(table).toHaveTextContent("Paused: no renewals are charged or sent until you resume.");
    await act(async () => {
      jest.advanceTimersByTime(RELOAD_DEBOUNCE_MS * 3);
    });
    expect(gets(calls)).toHaveLength(3);
  });

  it("cancels only after confirmation, alerts the outcome and reloads both lists", async () => {
    const calls = routes({
      "/api/user-subscriptions": [[200, { subscriptions: [{ ...subscription, cancel_at_period_end: true }] }]],
      "/api/subscriptions/": [[200, { message: CANCEL_SUCCESS }]],
      "/api/plans": [[200, { plans }]],
    });
    const confirm = jest.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const alert = jest.spyOn(window, "alert").mockImplementation(() => undefined);
    render(<SubscriptionsManager subscriptions={[subscription]} plans={plans} planTreatmentTypes={["minoxidil"]} contactEmail="a@b.co" />);
    const table = screen.getByRole("table");
    const cancel = () => userEvent.click(within(table).getByRole("button", { name: "Cancel subscription sub_test123" }));
    await cancel();
    expect(confirm).toHaveBeenLastCalledWith(CANCEL_CONFIRM);
    expect(calls).toEqual([]);
    await cancel();
    await waitFor(() => expect(alert).toHaveBeenCalledWith(CANCEL_SUCCESS));
    expect(calls).toContain(`POST /api/subscriptions/${subscription.id}/cancel`);
    expect(await screen.findByText("Cancelled: ends on 24 December 2026. No further payments.", { selector: "td" })).toBeInTheDocument();
    expect(gets(calls)).toEqual(["GET /api/user-subscriptions", "GET /api/plans?treatment_type=minoxidil"]);
  });

  it("alerts the spec's failure message when the cancel is refused, and shows the load failure if the reload fails", async () => {
    routes({
      "/api/user-subscriptions": [[500, {}]],
      "/api/subscriptions/": [[502, { message: "We could not cancel your subscription." }]],
      "/api/plans": [[200, { plans }]],
    });
    jest.spyOn(window, "confirm").mockReturnValue(true);
    const alert = jest.spyOn(window, "alert").mockImplementation(() => undefined);
    render(<SubscriptionsManager subscriptions={[subscription]} plans={plans} planTreatmentTypes={["minoxidil"]} contactEmail="a@b.co" />);
    await userEvent.click(within(screen.getByRole("table")).getByRole("button", { name: "Cancel subscription sub_test123" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(CANCEL_FAILED));
    expect(await screen.findByRole("alert")).toHaveTextContent(LOAD_FAILED);
  });
});
