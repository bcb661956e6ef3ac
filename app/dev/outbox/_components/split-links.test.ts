import { splitLinks } from "./split-links";

describe("splitLinks", () => {
  it("separates http(s) links from the text around them", () => {
    expect(splitLinks("Choose one here:\n\nhttp://127.0.0.1:3210/reset-password?token=abc_DEF-123\n\nThanks")).toEqual([
      { kind: "text", value: "Choose one here:\n\n" },
      { kind: "link", value: "http://127.0.0.1:3210/reset-password?token=abc_DEF-123" },
      { kind: "text", value: "\n\nThanks" },
    ]);
  });

  it("leaves a sentence's full stop out of the link", () => {
    expect(splitLinks("Log in at https://example.co.uk/login.")).toEqual([
      { kind: "text", value: "Log in at " },
      { kind: "link", value: "https://example.co.uk/login" },
      { kind: "text", value: "." },
    ]);
  });

  it("links only http and https", () => {
    expect(splitLinks("javascript:alert(1) and ftp://x.example")).toEqual([{ kind: "text", value: "javascript:alert(1) and ftp://x.example" }]);
    expect(splitLinks("")).toEqual([]);
  });
});
