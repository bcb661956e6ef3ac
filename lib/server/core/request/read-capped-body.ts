import "server-only";

/**
 * A request body, never holding more than `limit` bytes of it: a larger Content-Length is
 * refused before reading, and a body that grows past the limit while streaming is cancelled.
 * Either way `tooLarge()` is thrown (a 413 AppError of the caller's wording).
 */
export async function readCappedBody(req: Request, limit: number, tooLarge: () => Error): Promise<Buffer> {
  if (Number(req.headers.get("content-length") ?? "0") > limit) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
