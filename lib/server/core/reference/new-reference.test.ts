import { freeReference } from "./new-reference";

const FORMAT = /^OR-[2-9A-HJKMNP-Z]{6}$/;

describe("freeReference", () => {
  it("keeps the first draw that no record has", async () => {
    const asked: string[] = [];
    const reference = await freeReference("OR", async (candidate) => {
      asked.push(candidate);
      return false;
    });
    expect(reference).toMatch(FORMAT);
    expect(asked).toEqual([reference]);
  });

  it("draws again while the drawn reference is taken", async () => {
    const asked: string[] = [];
    const reference = await freeReference("OR", async (candidate) => {
      asked.push(candidate);
      return asked.length < 3;
    });
    expect(asked).toHaveLength(3);
    expect(asked.every((candidate) => FORMAT.test(candidate))).toBe(true);
    expect(reference).toBe(asked[2]);
  });

  it("gives up after five taken draws rather than loop", async () => {
    const isTaken = jest.fn(async () => true);
    await expect(freeReference("PR", isTaken)).rejects.toThrow("No free PR reference in 5 draws");
    expect(isTaken).toHaveBeenCalledTimes(5);
  });
});
