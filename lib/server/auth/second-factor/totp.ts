import "server-only";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { env } from "@/lib/env";
import { decryptTotpSecret, encryptTotpSecret } from "@/lib/security/second-factor-secrets.mjs";
import { TOTP_TOLERANCE_SECONDS } from "../second-factor-rules";

// TOTP (RFC 6238: SHA-1, 6 digits, 30 s) through otplib 13, the defaults every authenticator app reads.

export function newTotpSecret(): string {
  return generateSecret();
}

export function sealTotpSecret(secret: string): string {
  return encryptTotpSecret(secret, env().TOTP_ENCRYPTION_KEY);
}

export function openTotpSecret(stored: string): string {
  return decryptTotpSecret(stored, env().TOTP_ENCRYPTION_KEY);
}

/**
 * The time step a code matches (within one period of now), after `lastStep`, or null.
 * The caller stores the step so the same code is never accepted twice.
 */
export async function matchTotpStep(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

export type TotpEnrolment = { secret: string; otpauthUri: string; qr: { viewBoxSize: number; path: string } };

/** What an authenticator app needs: the secret as text, its otpauth:// URI, and that URI as a QR code (an SVG path). */
export function totpEnrolment(secret: string, email: string): TotpEnrolment {
  const otpauthUri = generateURI({ issuer: env().SITE_NAME, label: email, secret });
  const { modules } = QRCode.create(otpauthUri, { errorCorrectionLevel: "M" });
  const quiet = 4;
  let path = "";
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return { secret, otpauthUri, qr: { viewBoxSize: modules.size + quiet * 2, path } };
}
