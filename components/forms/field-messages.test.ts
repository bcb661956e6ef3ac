import { allFieldMessages, joinAsSentences, messagesOf } from "./field-messages";

describe("allFieldMessages", () => {
  it("lists every message of every field, in order, ignoring anything that is not text", () => {
    const errors = { name: ["Enter your name."], password: ["Too short.", "Too common."], email: [42 as unknown as string] };
    expect(allFieldMessages(errors)).toEqual(["Enter your name.", "Too short.", "Too common."]);
    expect(allFieldMessages(undefined)).toEqual([]);
  });

  it("reads one-message-per-field errors too", () => {
    expect(messagesOf({ email: "Enter your email address.", password: undefined })).toEqual(["Enter your email address."]);
  });
});

describe("joinAsSentences", () => {
  it("joins with '. ' and ends with exactly one period", () => {
    expect(joinAsSentences(["Enter your name.", "Your password must be at least 8 characters."])).toBe(
      "Enter your name. Your password must be at least 8 characters.",
    );
    expect(joinAsSentences(["No period", "Two periods.."])).toBe("No period. Two periods.");
    expect(joinAsSentences(["Only one."])).toBe("Only one.");
    expect(joinAsSentences(["Passwords do not match!", "Enter your name"])).toBe("Passwords do not match! Enter your name.");
  });

  it("gives an empty string for no messages", () => {
    expect(joinAsSentences([])).toBe("");
    expect(joinAsSentences(["  "])).toBe("");
  });
});
