import { queueQuery, readQueuePage, searchedReference } from "./queue-page";

const id = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("a staff queue's page", () => {
  it("reads the reference typed into Find by reference loosely, and ignores an empty or repeated parameter", () => {
    expect(searchedReference("  or-7k3q9d ")).toBe("OR-7K3Q9D");
    expect(searchedReference("   ")).toBeNull();
    expect(searchedReference(null)).toBeNull();
    expect(searchedReference("x".repeat(500))).toHaveLength(20);
    expect(queueQuery({ after: `1.${id}`, reference: "pr-abcdef" })).toEqual({ after: `1.${id}`, reference: "PR-ABCDEF" });
    expect(queueQuery({ after: ["a", "b"], reference: ["PR-1", "PR-2"] })).toEqual({ after: null, reference: null });
    expect(queueQuery({ review: `2.${id}` }, "review")).toEqual({ after: `2.${id}`, reference: null });
  });

  it("reads one more row than the page to know there is a next page; a reference reads one row and no cursor", async () => {
    const rows = [1, 2, 3].map((n) => ({ at: new Date(n), id }));
    const read = jest.fn(async (_slice: Record<string, unknown>, take: number) => rows.slice(0, take));
    expect(await readQueuePage({ size: 2 }, "paidAt", read, (row) => row)).toEqual({ rows: rows.slice(0, 2), nextAfter: `2.${id}`, isLaterPage: false });
    expect(read).toHaveBeenLastCalledWith({}, 3);
    const later = await readQueuePage({ size: 2, after: `2.${id}` }, "paidAt", read, (row) => row);
    expect(later.isLaterPage).toBe(true);
    expect(read.mock.lastCall![0]).toEqual({ paidAt: { gte: new Date(2) }, OR: [{ paidAt: { gt: new Date(2) } }, { paidAt: new Date(2), id: { gt: id } }] });
    expect(await readQueuePage({ size: 5 }, "paidAt", read, (row) => row)).toMatchObject({ nextAfter: null });
    expect(await readQueuePage({ size: 2, after: "bad" }, "paidAt", read, (row) => row)).toMatchObject({ isLaterPage: false });
    await readQueuePage({ after: `2.${id}`, reference: " or-7k3q9d" }, "paidAt", read, (row) => row);
    expect(read).toHaveBeenLastCalledWith({ reference: "OR-7K3Q9D" }, 1);
    // The page size is capped whatever is asked.
    await readQueuePage({ size: 10_000 }, "paidAt", read, (row) => row);
    expect(read).toHaveBeenLastCalledWith({}, 101);
  });
});
