import { afterCursor, compareCursors, encodeCursor, PAGE_SIZE_CAP, pageSize, parseCursor, readEachValue, readKeysetPage, splitPage } from "./keyset";

const id = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("keyset cursors", () => {
  it("round-trips a sort key and id, and refuses anything else", () => {
    const at = new Date("2026-11-26T04:00:00.123Z");
    expect(parseCursor(encodeCursor(at, id))).toEqual({ at, id });
    for (const bad of [undefined, null, "", "1", `${at.getTime()}`, `x.${id}`, `${at.getTime()}.${id}x`, `${at.getTime()}.not-a-uuid`, `1.${id}' OR 1=1`]) expect(parseCursor(bad)).toBeNull();
  });

  it("caps the page size", () => {
    expect([pageSize(0), pageSize(25), pageSize(10_000), pageSize(-3)]).toEqual([1, 25, PAGE_SIZE_CAP, 1]);
  });

  it("continues after the cursor in either direction, ties broken by id", () => {
    const at = new Date(1_000);
    expect(afterCursor("submittedAt", null, "asc")).toEqual({});
    expect(afterCursor("submittedAt", { at, id }, "asc")).toEqual({ submittedAt: { gte: at }, OR: [{ submittedAt: { gt: at } }, { submittedAt: at, id: { gt: id } }] });
    expect(afterCursor("createdAt", { at, id }, "desc")).toEqual({ createdAt: { lte: at }, OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: id } }] });
  });

  it("orders by the sort key, then id, either way", () => {
    const [a, b, c] = ["0f8fad5b-d9cb-469f-a165-70867728950e", "1f8fad5b-d9cb-469f-a165-70867728950e", "af8fad5b-d9cb-469f-a165-70867728950e"];
    const keys = [{ at: new Date(2), id: a }, { at: new Date(1), id: c }, { at: new Date(1), id: b }];
    expect([...keys].sort((x, y) => compareCursors(x, y, "asc"))).toEqual([keys[2], keys[1], keys[0]]);
    expect([...keys].sort((x, y) => compareCursors(x, y, "desc"))).toEqual([keys[0], keys[1], keys[2]]);
    expect(compareCursors(keys[0]!, { ...keys[0]! }, "asc")).toBe(0);
  });

  it("merges a list read a value at a time into its order, the first rows only", async () => {
    const row = (status: string, ms: number, tail: string) => ({ status, at: new Date(ms), id: `00000000-0000-4000-8000-00000000000${tail}` });
    const byStatus: Record<string, ReturnType<typeof row>[]> = {
      SUBMITTED: [row("SUBMITTED", 1, "1"), row("SUBMITTED", 4, "2"), row("SUBMITTED", 6, "3")],
      IN_REVIEW: [row("IN_REVIEW", 2, "4"), row("IN_REVIEW", 4, "1")],
      AWAITING_PATIENT: [],
    };
    const asked: string[] = [];
    const read = async (status: string) => {
      asked.push(status);
      return byStatus[status]!;
    };
    const merged = await readEachValue(["SUBMITTED", "IN_REVIEW", "AWAITING_PATIENT"], 4, "asc", read, (r) => r);
    expect(asked.sort()).toEqual(["AWAITING_PATIENT", "IN_REVIEW", "SUBMITTED"]);
    expect(merged.map((r) => `${r.status}@${r.at.getTime()}`)).toEqual(["SUBMITTED@1", "IN_REVIEW@2", "IN_REVIEW@4", "SUBMITTED@4"]);
    expect((await readEachValue(["SUBMITTED", "IN_REVIEW"], 2, "desc", read, (r) => r)).map((r) => r.at.getTime())).toEqual([6, 4]);
  });

  it("gives the next page's cursor only when a row beyond the page was read", () => {
    const rows = [1, 2, 3].map((n) => ({ at: new Date(n), id }));
    expect(splitPage(rows, 3, (row) => row)).toEqual({ rows, next: null });
    expect(splitPage(rows, 2, (row) => row)).toEqual({ rows: rows.slice(0, 2), next: `2.${id}` });
  });

  it("reads a page: the slice after the cursor in the asked direction, one row beyond the capped size, a bad cursor as the first page", async () => {
    const rows = [1, 2, 3].map((n) => ({ at: new Date(n), id }));
    const asked: { slice: Record<string, unknown>; take: number }[] = [];
    const read = async (slice: Record<string, unknown>, take: number) => {
      asked.push({ slice, take });
      return rows.slice(0, take);
    };
    expect(await readKeysetPage({ before: null, size: 2, field: "createdAt", direction: "desc" }, read, (row) => row)).toEqual({ rows: rows.slice(0, 2), next: `2.${id}`, isLaterPage: false });
    expect(asked.at(-1)).toEqual({ slice: {}, take: 3 });
    expect(await readKeysetPage({ before: `2.${id}`, size: 10_000, field: "createdAt", direction: "desc" }, read, (row) => row)).toMatchObject({ next: null, isLaterPage: true });
    expect(asked.at(-1)).toEqual({ slice: afterCursor("createdAt", { at: new Date(2), id }, "desc"), take: PAGE_SIZE_CAP + 1 });
    expect(await readKeysetPage({ before: "not-a-cursor", size: 2, field: "paidAt", direction: "asc" }, read, (row) => row)).toMatchObject({ isLaterPage: false });
    expect(asked.at(-1)).toEqual({ slice: {}, take: 3 });
  });
});
