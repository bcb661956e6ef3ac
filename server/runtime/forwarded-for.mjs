/**
 * The X-Forwarded-For that server/serve.mjs hands to Next.js. The socket's peer address is
 * authoritative: without a trusted proxy a client's own header is discarded; behind one
 * (TRUST_PROXY=true) the peer is appended to the chain it sent, as a proxy would.
 * @param {string | string[] | undefined} sent  the header as received
 * @param {string} peer  req.socket.remoteAddress
 * @param {boolean} trustProxy
 */
export function forwardedFor(sent, peer, trustProxy) {
  const chain = Array.isArray(sent) ? sent.join(", ") : sent;
  return trustProxy && chain ? `${chain}, ${peer}` : peer;
}
