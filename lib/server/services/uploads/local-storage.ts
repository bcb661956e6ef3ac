import "server-only";
import { AppError } from "@/lib/server/core/errors/app-error";
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { assertValidStorageKey, type ObjectStorage } from "./object-storage";

const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
};

/**
 * Files under `root` (by default .data/uploads, outside public/ so Next.js never serves it).
 * Writes are atomic (a temporary file renamed into place), files are 0600 and folders 0700.
 * The content type is the key's extension's: the folder keeps no other metadata.
 */
export function createLocalStorage(root: string): ObjectStorage {
  const base = path.resolve(root);

  function fileFor(key: string) {
    assertValidStorageKey(key);
    const file = path.resolve(base, ...key.split("/"));
    // Belt and braces: the key check already makes escaping impossible.
    if (!file.startsWith(base + path.sep)) throw new AppError("internal", "Storage key escapes the upload folder");
    return file;
  }

  return {
    async put(key, bytes, contentType) {
      const file = fileFor(key);
      if (contentTypeFor(key) !== contentType) {
        throw new AppError("internal", `Local storage: key ${key} does not match content type ${contentType}`);
      }
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${randomBytes(8).toString("hex")}.tmp`;
      try {
        const handle = await fs.open(temporary, "wx", 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileFor(key);
      try {
        return { bytes: await fs.readFile(file), contentType: contentTypeFor(key) ?? "application/octet-stream" };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },
  };
}

function contentTypeFor(key: string): string | undefined {
  const extension = path.posix.extname(key).slice(1).toLowerCase();
  return extension ? CONTENT_TYPE_BY_EXTENSION[extension] : undefined;
}

function isMissing(error: unknown) {
  // Not `instanceof Error`: errors from node:fs may come from another realm (jest, workers).
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  return code === "ENOENT" || code === "ENOTDIR";
}
