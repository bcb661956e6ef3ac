// The second factor's stored secrets, shared by the app (lib/server/auth) and
// `npm run staff:create` (plain Node, so this is JavaScript):
// - a TOTP secret is stored AES-256-GCM encrypted with TOTP_ENCRYPTION_KEY (32 bytes,
//   base64url), as "v1.<iv>.<tag>.<ciphertext>", so a database copy alone cannot mint codes;
// - a recovery code (80 random bits) is stored as its SHA-256 only.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i: read off paper

/** @param {string} key TOTP_ENCRYPTION_KEY */
function keyBytes(key) {
  const bytes = Buffer.from(key, "base64url");
  if (bytes.length !== 32) throw new Error("TOTP_ENCRYPTION_KEY must be 32 bytes, base64url-encoded");
  return bytes;
}

/**
 * @param {string} secret
 * @param {string} key TOTP_ENCRYPTION_KEY
 * @returns {string}
 */
export function encryptTotpSecret(secret, key) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyBytes(key), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

/**
 * @param {string} stored what encryptTotpSecret returned
 * @param {string} key TOTP_ENCRYPTION_KEY
 * @returns {string}
 */
export function decryptTotpSecret(stored, key) {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== "v1" || !iv || !tag || !ciphertext) throw new Error("Unreadable TOTP secret");
  const decipher = createDecipheriv("aes-256-gcm", keyBytes(key), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

/**
 * Ten codes like "k7m2-qx9d-3hpa-w4ne" (16 characters of a 31-letter alphabet, ~79 bits).
 * @returns {string[]}
 */
export function newRecoveryCodes(count = 10) {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(16);
    const chars = Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join("");
    return (chars.match(/.{4}/g) ?? []).join("-");
  });
}

/**
 * Case, spaces and dashes do not matter when a code is typed back.
 * @param {string} code
 */
function normaliseRecoveryCode(code) {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

/**
 * @param {string} code
 * @returns {string}
 */
export function hashRecoveryCode(code) {
  return createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
}
