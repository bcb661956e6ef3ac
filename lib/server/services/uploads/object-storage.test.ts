import { assertValidStorageKey } from "./object-storage";

describe("assertValidStorageKey", () => {
  it.each(["photos/0b6f3c1e-8f5e-4c53-9a39-2f5d0c1d9a11.jpg", "photos/a.png", "prescriptions/2026/rx-1.pdf", "plain"])("accepts %s", (key) => {
    expect(() => assertValidStorageKey(key)).not.toThrow();
  });

  it.each([
    "../etc/passwd",
    "photos/../../etc/passwd",
    "photos/..",
    "/etc/passwd",
    "photos//a.jpg",
    "photos/a.jpg/",
    "photos\\..\\a.jpg",
    "photos/.hidden",
    "photos/a.jpg.tmp",
    "photos/a%2F..%2Fb.jpg",
    "photos/a\u0000.jpg",
    "",
    "a/b/c/d/e.jpg",
  ])("refuses %j", (key) => {
    expect(() => assertValidStorageKey(key)).toThrow(/Invalid storage key/);
  });
});
