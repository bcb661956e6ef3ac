import { disableTotpSchema, enableTotpSchema, secondFactorLogInSchema } from "./second-factor";

describe("second-factor schemas", () => {
  it("take a 6-digit code, spaces allowed", () => {
    expect(enableTotpSchema.parse({ code: "123 456" })).toEqual({ code: "123456" });
    expect(enableTotpSchema.safeParse({ code: "12345" }).success).toBe(false);
    expect(enableTotpSchema.safeParse({ code: "abcdef" }).success).toBe(false);
  });

  it("need a code or a recovery code at sign-in and to turn TOTP off", () => {
    expect(secondFactorLogInSchema.parse({ challenge: "c", code: "123456" })).toMatchObject({ code: "123456" });
    expect(secondFactorLogInSchema.parse({ challenge: "c", code: "", recovery_code: "abcd-efgh-jkmn-pqrs" })).toMatchObject({ recovery_code: "abcd-efgh-jkmn-pqrs" });
    const neither = secondFactorLogInSchema.safeParse({ challenge: "c" });
    expect(neither.success).toBe(false);
    expect(neither.error?.issues[0]?.path).toEqual(["code"]);
    expect(disableTotpSchema.safeParse({ password: "p" }).success).toBe(false);
    expect(disableTotpSchema.safeParse({ password: "", code: "123456" }).success).toBe(false);
  });
});
