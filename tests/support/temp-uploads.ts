import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// Imported first by the tests that store photos: env() is read once, when the database
// client loads, so the upload folder must be set before any other import.
export const uploadRoot = mkdtempSync(path.join(os.tmpdir(), "test-uploads-"));
process.env.UPLOAD_STORAGE = "local";
process.env.UPLOAD_DIR = uploadRoot;
