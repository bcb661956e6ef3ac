import "server-only";
import { Client } from "pg";
import { appDatabaseUrl } from "@/lib/env";
import { listAvailablePlans } from "./list-available-plans";
import type { PlanView } from "./types";

// The plan lists (GET /api/plans, the subscriptions page) are read on every visit and change
// rarely, so each app instance keeps them in memory. A change in the database, from any
// instance, a migration or Prisma Studio, fires the plans_changed NOTIFY (a trigger on plans
// and treatment_types); every instance LISTENs on one connection of its own and drops its
// lists at once. Without a live LISTEN connection nothing is cached: each read goes to the
// database, so a lost connection can make the lists slower, never stale.

const CHANNEL = "plans_changed";
const RETRY_AFTER_MS = 5_000;

type State = {
  lists: Map<string, Promise<PlanView[]>>;
  client: Client | null;
  connecting: Promise<boolean> | null;
  failedAt: number;
};

// Kept on globalThis: Next.js dev re-evaluates modules on edit, and one listener is enough.
const globalForPlans = globalThis as unknown as { plansCache?: State };
const state: State = (globalForPlans.plansCache ??= { lists: new Map(), client: null, connecting: null, failedAt: 0 });

/** The active plans of a treatment type, from memory while this instance hears plan changes. */
export async function cachedPlans(treatmentTypeSlug: string): Promise<PlanView[]> {
  if (!(await listening())) return listAvailablePlans(treatmentTypeSlug);
  let list = state.lists.get(treatmentTypeSlug);
  if (!list) {
    list = listAvailablePlans(treatmentTypeSlug);
    state.lists.set(treatmentTypeSlug, list);
    // A failed read is not kept: the next request tries again.
    list.catch(() => {
      if (state.lists.get(treatmentTypeSlug) === list) state.lists.delete(treatmentTypeSlug);
    });
  }
  return list;
}

async function listening(): Promise<boolean> {
  if (state.client) return true;
  if (state.connecting) return state.connecting;
  if (Date.now() - state.failedAt < RETRY_AFTER_MS) return false;
  state.connecting = connect().finally(() => {
    state.connecting = null;
  });
  return state.connecting;
}

async function connect(): Promise<boolean> {
  const client = new Client({ connectionString: appDatabaseUrl(), application_name: "plans-cache" });
  const lose = () => {
    if (state.client === client) state.client = null;
    state.lists.clear();
    client.end().catch(() => undefined);
  };
  try {
    await client.connect();
    client.on("notification", (message) => {
      if (message.channel === CHANNEL) state.lists.clear();
    });
    client.on("error", lose);
    client.on("end", lose);
    await client.query(`LISTEN ${CHANNEL}`);
    // The listener must never keep a process (a test run, a script) alive on its own.
    (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
    // Lists read before we were listening may have missed a change.
    state.lists.clear();
    state.client = client;
    return true;
  } catch {
    state.failedAt = Date.now();
    lose();
    return false;
  }
}

/** Stops listening and forgets the lists (tests, graceful shutdown). */
export async function closePlansCache(): Promise<void> {
  const client = state.client;
  state.client = null;
  state.lists.clear();
  await client?.end().catch(() => undefined);
}
