export const PRESCRIPTION_REFERENCE_SOURCE: string;
export const REDACTED_REFERENCE: string;
export function redactLogPath(path: string): string;
