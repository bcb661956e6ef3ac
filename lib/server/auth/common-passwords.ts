import "server-only";
// zxcvbn-ts's list of leaked passwords, most frequent first.
import leakedPasswords from "@zxcvbn-ts/language-common/src/passwords.json";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/validation/auth";

// The 3,000 most common passwords that our length rule would otherwise accept (shorter ones
// are refused by the length rule already). Compared case-insensitively.
const COMMON_PASSWORD_COUNT = 3000;

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    (leakedPasswords as string[])
      .filter((password) => password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX)
      .slice(0, COMMON_PASSWORD_COUNT)
      .map((password) => password.toLowerCase()),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
