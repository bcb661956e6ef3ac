import "server-only";
import { AppError } from "@/lib/server/core/errors/app-error";
import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { asBody } from "./as-body";
import { assertValidStorageKey, type ObjectStorage } from "./object-storage";

export type S3Config = {
  /** e.g. https://s3.eu-west-2.amazonaws.com, or a MinIO/R2/Spaces endpoint. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const TIMEOUT_MS = 20_000;

/**
 * An S3-compatible bucket, addressed path-style (<endpoint>/<bucket>/<key>, which every
 * S3-compatible service accepts) and signed with AWS Signature V4 by aws4fetch. Uploads
 * sign the SHA-256 of their bytes, so a body altered in transit is refused by the bucket.
 */
export function createS3Storage(config: S3Config): ObjectStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
    retries: 2,
  });
  const endpoint = config.endpoint.replace(/\/+$/, "");

  function urlFor(key: string) {
    assertValidStorageKey(key);
    return `${endpoint}/${encodeURIComponent(config.bucket)}/${key}`;
  }

  async function send(method: string, key: string, init: { body?: Buffer; headers?: Record<string, string> } = {}) {
    return client.fetch(urlFor(key), { method, body: init.body && asBody(init.body), headers: init.headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  }

  return {
    async put(key, bytes, contentType) {
      const res = await send("PUT", key, {
        body: bytes,
        headers: {
          "content-type": contentType,
          "x-amz-content-sha256": createHash("sha256").update(bytes).digest("hex"),
        },
      });
      await expectOk(res, "PUT", key);
    },

    async get(key) {
      const res = await send("GET", key);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      await expectOk(res, "GET", key, false);
      return {
        bytes: Buffer.from(await res.arrayBuffer()),
        contentType: res.headers.get("content-type") ?? "application/octet-stream",
      };
    },

    async delete(key) {
      const res = await send("DELETE", key);
      // S3 answers 204 for a missing key too; some compatible services answer 404.
      if (res.status === 404) {
        await res.body?.cancel();
        return;
      }
      await expectOk(res, "DELETE", key);
    },
  };
}

async function expectOk(res: Response, method: string, key: string, drain = true) {
  if (res.ok) {
    if (drain) await res.body?.cancel();
    return;
  }
  // The bucket's error code (e.g. SignatureDoesNotMatch, AccessDenied), never the body itself.
  const text = await res.text().catch(() => "");
  const code = /<Code>([^<]{1,64})<\/Code>/.exec(text)?.[1] ?? "unknown";
  throw new AppError("internal", `Object storage ${method} ${key} failed: HTTP ${res.status} ${code}`);
}
