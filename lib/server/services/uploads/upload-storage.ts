import "server-only";
import { env } from "@/lib/env";
import { createLocalStorage } from "./local-storage";
import type { ObjectStorage } from "./object-storage";
import { createS3Storage } from "./s3-storage";

let cached: ObjectStorage | undefined;

/** The configured storage for uploads (UPLOAD_STORAGE): the local folder, or the S3 bucket. */
export function uploadStorage(): ObjectStorage {
  if (cached) return cached;
  const config = env();
  if (config.UPLOAD_STORAGE === "s3") {
    // env() has already refused UPLOAD_STORAGE=s3 without all five S3_* variables.
    cached = createS3Storage({
      endpoint: config.S3_ENDPOINT!,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    });
  } else {
    cached = createLocalStorage(config.UPLOAD_DIR);
  }
  return cached;
}
