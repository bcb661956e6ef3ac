import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createLocalStorage } from "@/lib/server/services/uploads/local-storage";

describe("local folder storage", () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), "uploads-test-"));
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it("round-trips bytes with the key's content type, in a 0600 file and leaves no temporary file", async () => {
    const storage = createLocalStorage(path.join(root, "uploads"));
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await storage.put("photos/a1b2.jpg", bytes, "image/jpeg");

    const got = await storage.get("photos/a1b2.jpg");
    expect(got?.bytes.equals(bytes)).toBe(true);
    expect(got?.contentType).toBe("image/jpeg");
    const file = path.join(root, "uploads", "photos", "a1b2.jpg");
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await fs.stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(await fs.readdir(path.dirname(file))).toEqual(["a1b2.jpg"]);
  });

  it("replaces an object whole and deletes it idempotently", async () => {
    const storage = createLocalStorage(root);
    await storage.put("photos/b.png", Buffer.from("first version, longer"), "image/png");
    await storage.put("photos/b.png", Buffer.from("second"), "image/png");
    expect((await storage.get("photos/b.png"))?.bytes.toString()).toBe("second");
    await storage.delete("photos/b.png");
    expect(await storage.get("photos/b.png")).toBeNull();
    await expect(storage.delete("photos/b.png")).resolves.toBeUndefined();
  });

  it("answers null for a key never stored", async () => {
    expect(await createLocalStorage(root).get("photos/missing.jpg")).toBeNull();
  });

  it("refuses traversal keys and never touches files outside its folder", async () => {
    const inner = path.join(root, "uploads");
    const outside = path.join(root, "secret.jpg");
    await fs.writeFile(outside, "do not read or delete");
    const storage = createLocalStorage(inner);
    for (const key of ["../secret.jpg", "photos/../../secret.jpg", `/${outside}`, "..\\secret.jpg"]) {
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.put(key, Buffer.from("x"), "image/jpeg")).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
    }
    expect(await fs.readFile(outside, "utf8")).toBe("do not read or delete");
  });

  it("refuses a content type that disagrees with the key's extension", async () => {
    await expect(createLocalStorage(root).put("photos/c.jpg", Buffer.from("<html>"), "text/html")).rejects.toThrow(/does not match/);
  });
});
