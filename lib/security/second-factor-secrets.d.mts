export function encryptTotpSecret(secret: string, key: string): string;
export function decryptTotpSecret(stored: string, key: string): string;
export function newRecoveryCodes(count?: number): string[];
export function hashRecoveryCode(code: string): string;
