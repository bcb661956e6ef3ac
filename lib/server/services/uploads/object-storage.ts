import "server-only";
import { AppError } from "@/lib/server/core/errors/app-error";

type StoredObject = { bytes: Buffer; contentType: string };

/**
 * Where uploaded files live. Keys are chosen by the server (storeImage), never by a client:
 * "photos/<uuid>.jpg". Implementations: createLocalStorage (a folder) and createS3Storage.
 */
export interface ObjectStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when nothing is stored under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Safe to call twice: deleting a missing key succeeds. */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(\.[A-Za-z0-9]{1,10})?$/;
const MAX_SEGMENTS = 4;

/**
 * Refuses anything that is not 1–4 "/"-separated segments of letters, digits, "_" and "-"
 * with an optional extension: no "..", no leading "/", no backslash, no empty segment.
 * Keys are ours, so a bad one is a programming error (thrown as a plain Error → 500).
 */
export function assertValidStorageKey(key: string): void {
  const segments = key.split("/");
  if (segments.length > MAX_SEGMENTS || !segments.every((segment) => SEGMENT.test(segment))) {
    throw new AppError("internal", `Invalid storage key ${JSON.stringify(key.slice(0, 200))}`);
  }
}
