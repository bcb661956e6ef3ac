import { randomBytes } from "node:crypto";
import { decryptTotpSecret, encryptTotpSecret, hashRecoveryCode, newRecoveryCodes } from "./second-factor-secrets.mjs";

const key = randomBytes(32).toString("base64url");

describe("TOTP secrets at rest", () => {
  it("are encrypted (a fresh IV each time) and read back only with the same key", () => {
    const stored = encryptTotpSecret("JBSWY3DPEHPK3PXP", key);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain("JBSWY3DPEHPK3PXP");
    expect(encryptTotpSecret("JBSWY3DPEHPK3PXP", key)).not.toBe(stored);
    expect(decryptTotpSecret(stored, key)).toBe("JBSWY3DPEHPK3PXP");
    expect(() => decryptTotpSecret(stored, randomBytes(32).toString("base64url"))).toThrow();
  });

  it("refuses a changed ciphertext and a key of the wrong size", () => {
    const [version, iv, tag, ciphertext] = encryptTotpSecret("JBSWY3DPEHPK3PXP", key).split(".");
    const flipped = Buffer.from(ciphertext!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptTotpSecret([version, iv, tag, flipped.toString("base64url")].join("."), key)).toThrow();
    expect(() => encryptTotpSecret("x", "short")).toThrow(/32 bytes/);
  });
});

describe("recovery codes", () => {
  it("are ten distinct readable codes, hashed the same however they are typed back", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const code = codes[0]!;
    expect(hashRecoveryCode(` ${code.toUpperCase().replace(/-/g, " ")} `)).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).not.toContain(code.replace(/-/g, ""));
    expect(hashRecoveryCode(codes[1]!)).not.toBe(hashRecoveryCode(code));
  });
});
