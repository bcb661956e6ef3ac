import { runRetentionRules, type RetentionRule } from "./run-retention-rules";

/** A rule over an in-memory table of row ages (ms before now); records each batch's limit and cutoff. */
function fakeRule(table: string, ages: number[], keepMs: number, extra: Partial<RetentionRule> = {}) {
  const rows = [...ages];
  const calls: { limit: number; cutoff: number }[] = [];
  const now = new Date("2030-01-01T00:00:00Z").getTime();
  const rule: RetentionRule = {
    table,
    keepMs,
    ...extra,
    async deleteBatch(cutoff, limit) {
      calls.push({ limit, cutoff: cutoff.getTime() });
      const due = rows.filter((age) => now - age < cutoff.getTime()).slice(0, limit);
      for (const age of due) rows.splice(rows.indexOf(age), 1);
      return { [table]: due.length, ...(extra.alsoDeletes ? { [extra.alsoDeletes[0]!]: due.length } : {}) };
    },
  };
  return { rule, rows, calls, now: new Date(now) };
}

describe("runRetentionRules", () => {
  it("deletes batch after batch until one comes back short, counting back each rule's period from now", async () => {
    const sessions = fakeRule("auth_sessions", [10, 20, 30, 40, 50, 60, 70].map((days) => days * 86_400_000), 35 * 86_400_000);
    const events = fakeRule("stripe_events", [1, 2].map((days) => days * 86_400_000), 0, { alsoDeletes: ["payments"] });
    const result = await runRetentionRules([sessions.rule, events.rule], { now: sessions.now, batchSize: 2 });

    expect(result).toEqual({ finished: true, deleted: { auth_sessions: 4, stripe_events: 2, payments: 2 } });
    expect(sessions.rows).toEqual([10, 20, 30].map((days) => days * 86_400_000));
    expect(sessions.calls.map((call) => call.limit)).toEqual([2, 2, 2]);
    expect(new Set(sessions.calls.map((call) => call.cutoff))).toEqual(new Set([sessions.now.getTime() - 35 * 86_400_000]));
    // Two full batches, then a third that found nothing; the second rule's second batch was short.
    expect(events.calls).toHaveLength(2);
  });

  it("never asks a rule for more than its own maximum batch", async () => {
    const photos = fakeRule("questionnaire_photos", Array.from({ length: 5 }, () => 90 * 86_400_000), 0, { maxBatch: 2 });
    const result = await runRetentionRules([photos.rule], { now: photos.now, batchSize: 1_000 });
    expect(result.deleted).toEqual({ questionnaire_photos: 5 });
    expect(photos.calls.map((call) => call.limit)).toEqual([2, 2, 2]);
  });

  it("stops when the time budget is spent and says it did not finish", async () => {
    let elapsed = 0;
    const rule = fakeRule("rate_limit_buckets", Array.from({ length: 10 }, () => 1_000), 0);
    const slow: RetentionRule = { ...rule.rule, deleteBatch: async (cutoff, limit) => ((elapsed += 400), rule.rule.deleteBatch(cutoff, limit)) };
    const result = await runRetentionRules([slow], { now: rule.now, batchSize: 2, budgetMs: 1_000, elapsedClock: () => elapsed });
    expect(result).toEqual({ finished: false, deleted: { rate_limit_buckets: 6 } });
    expect(rule.rows).toHaveLength(4);
  });
});
