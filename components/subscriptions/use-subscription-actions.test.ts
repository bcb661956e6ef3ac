import { act, renderHook } from "@testing-library/react";
import { makeUserSubscription } from "@/tests/factories/subscription";
import { RELOAD_DEBOUNCE_MS, useSubscriptionActions } from "./use-subscription-actions";

const subscription = makeUserSubscription();
const plans = [{ id: "plan-1", name: "Minoxidil 1 month", price: 29.99, duration: 1, description: "A month's supply." }];

type Pending = { path: string; resolve: (body: unknown) => void };

/** Actions answer at once; each GET waits until the test answers it, so reloads can finish out of order. */
function controlledFetch() {
  const gets: Pending[] = [];
  global.fetch = jest.fn((path: string, init?: RequestInit) => {
    if (init?.method === "POST") return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve({ message: "Done." }) } as Response);
    return new Promise<Response>((resolve) => gets.push({ path, resolve: (body) => resolve({ ok: true, status: 200, json: () => Promise.resolve(body) } as Response) }));
  }) as unknown as typeof fetch;
  return gets;
}

const flush = () =>
  act(async () => {
    for (let i = 0; i < 3; i++) await jest.advanceTimersByTimeAsync(0);
  });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("useSubscriptionActions", () => {
  const input = { subscriptions: [subscription], plans, planTreatmentTypes: ["minoxidil"] };

  it("reloads once, RELOAD_DEBOUNCE_MS after the last of several actions", async () => {
    const gets = controlledFetch();
    const { result } = renderHook(() => useSubscriptionActions(input));
    await act(() => result.current.change(subscription, "pause"));
    await act(async () => jest.advanceTimersByTime(RELOAD_DEBOUNCE_MS - 1));
    await act(() => result.current.change(subscription, "skip"));
    await act(async () => jest.advanceTimersByTime(RELOAD_DEBOUNCE_MS - 1));
    expect(gets).toHaveLength(0);
    await act(async () => jest.advanceTimersByTime(1));
    await flush();
    expect(gets.map((get) => get.path)).toEqual(["/api/user-subscriptions", "/api/plans?treatment_type=minoxidil"]);
  });

  it("keeps the newer reload when an older one answers after it", async () => {
    const gets = controlledFetch();
    const { result } = renderHook(() => useSubscriptionActions(input));
    await act(() => result.current.change(subscription, "pause"));
    await act(async () => jest.advanceTimersByTime(RELOAD_DEBOUNCE_MS));
    await act(() => result.current.change(subscription, "resume"));
    await act(async () => jest.advanceTimersByTime(RELOAD_DEBOUNCE_MS));
    await flush();
    expect(gets).toHaveLength(4);
    const [olderSubscriptions, olderPlans, newerSubscriptions, newerPlans] = gets;
    await act(async () => {
      newerSubscriptions!.resolve({ subscriptions: [{ ...subscription, paused: false }] });
      newerPlans!.resolve({ plans });
    });
    await flush();
    await act(async () => {
      olderSubscriptions!.resolve({ subscriptions: [{ ...subscription, paused: true }] });
      olderPlans!.resolve({ plans: [] });
    });
    await flush();
    expect(result.current.subscriptions).toEqual({ state: "ready", value: [{ ...subscription, paused: false }] });
    expect(result.current.plans).toEqual({ state: "ready", value: plans });
  });

  it("never reloads after unmount", async () => {
    const gets = controlledFetch();
    const { result, unmount } = renderHook(() => useSubscriptionActions(input));
    await act(() => result.current.change(subscription, "pause"));
    unmount();
    await act(async () => jest.advanceTimersByTime(RELOAD_DEBOUNCE_MS * 2));
    expect(gets).toHaveLength(0);
  });
});
