import { registerFormSchema, resetPasswordFormSchema, verifyEmailSchema, EMAIL_LINK_INVALID, PASSWORDS_DO_NOT_MATCH } from "./auth";

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("the forms' password schemas", () => {
  it("report mismatched passwords first and alone, whatever else is wrong", () => {
    const result = registerFormSchema.safeParse({ name: "", email: "nope", password: "short", password_confirmation: "other" });
    expect(issuesOf(result)).toEqual([["password_confirmation", PASSWORDS_DO_NOT_MATCH]]);
    const reset = resetPasswordFormSchema.safeParse({ token: "t".repeat(43), password: "a long passphrase", password_confirmation: "another" });
    expect(issuesOf(reset)).toEqual([["password_confirmation", PASSWORDS_DO_NOT_MATCH]]);
  });

  it("apply every other rule once the passwords match, and give the server's output", () => {
    expect(issuesOf(registerFormSchema.safeParse({ name: "Sam", email: "sam@example.com", password: "short", password_confirmation: "short" }))).toEqual([
      ["password", "Your password must be at least 8 characters."],
    ]);
    const ok = registerFormSchema.safeParse({ name: " Sam ", email: "Sam@Example.com", password: "long enough", password_confirmation: "long enough" });
    expect(ok.data).toEqual({ name: "Sam", email: "sam@example.com", password: "long enough", password_confirmation: "long enough" });
  });
});

describe("verifyEmailSchema", () => {
  it.each([undefined, 42, "short", "x".repeat(201)])("refuses %p with the one link message", (token) => {
    expect(issuesOf(verifyEmailSchema.safeParse({ token }))).toEqual([["token", EMAIL_LINK_INVALID]]);
  });
});
