import "server-only";
import { randomUUID } from "node:crypto";
import type { ObjectStorage } from "./object-storage";
import { sanitiseImage, type ImageContentType } from "./sanitise-image";
import { uploadStorage } from "./upload-storage";

export type StoredImage = { key: string; contentType: ImageContentType; size: number; width: number; height: number };

/**
 * Sanitises an uploaded photo (sanitiseImage: 415/422 for anything but a readable JPEG or
 * PNG, metadata stripped) and stores the re-encoded bytes under a new random key
 * (photos/<uuid v4>.<ext>: 122 random bits, nothing from the patient or the file name).
 * The caller records the key against its owner; until then the file is unreachable.
 */
export async function storeImage(bytes: Buffer, storage: ObjectStorage = uploadStorage()): Promise<StoredImage> {
  const image = await sanitiseImage(bytes);
  const key = `photos/${randomUUID()}.${image.contentType === "image/png" ? "png" : "jpg"}`;
  await storage.put(key, image.bytes, image.contentType);
  return { key, contentType: image.contentType, size: image.bytes.length, width: image.width, height: image.height };
}
