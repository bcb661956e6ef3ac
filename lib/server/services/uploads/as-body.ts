import "server-only";

/**
 * A Buffer as a fetch/Response body without copying it. Node types a Buffer's memory as
 * ArrayBufferLike (it could be shared); ours always come from Buffer.concat, fs or sharp,
 * which allocate plain ArrayBuffers.
 */
export function asBody(bytes: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}
