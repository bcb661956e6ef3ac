import { afterCursor, encodeCursor, PAGE_SIZE_CAP, pageSize, parseCursor, readKeysetPage, splitPage } from "./keyset";

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
    expect(afterCursor("submittedAt", { at, id }, "asc")).toEqual({ OR: [{ submittedAt: { gt: at } }, { submittedAt: at, id: { gt: id } }] });
    expect(afterCursor("createdAt", { at, id }, "desc")).toEqual({ OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: id } }] });
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
