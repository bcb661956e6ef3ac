// A tiny S3-compatible server for tests: path-style PUT/GET/DELETE on /<bucket>/<key>, each
// request's AWS Signature V4 checked by an implementation written here from AWS's spec (not
// the one the app uses), so a wrong key, region, header or body hash is refused with 403.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type S3Stub = {
  endpoint: string;
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  requests: Array<{ method: string; path: string; authorization: string; status: number }>;
  close(): Promise<void>;
};

type Credentials = { bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

export async function startS3Stub(credentials: Credentials): Promise<S3Stub> {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const requests: S3Stub["requests"] = [];

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://stub");
    const reply = (status: number, xmlCode?: string) => {
      requests.push({ method: req.method ?? "", path: url.pathname, authorization: String(req.headers.authorization ?? ""), status });
      res.writeHead(status, xmlCode ? { "content-type": "application/xml" } : {});
      res.end(xmlCode ? `<?xml version="1.0"?><Error><Code>${xmlCode}</Code></Error>` : undefined);
    };

    const problem = checkSignature(req, url, body, credentials);
    if (problem) return reply(403, problem);
    const prefix = `/${credentials.bucket}/`;
    if (!url.pathname.startsWith(prefix)) return reply(404, "NoSuchBucket");
    const key = decodeURIComponent(url.pathname.slice(prefix.length));

    if (req.method === "PUT") {
      objects.set(key, { bytes: body, contentType: String(req.headers["content-type"] ?? "binary/octet-stream") });
      return reply(200);
    }
    if (req.method === "GET") {
      const found = objects.get(key);
      if (!found) return reply(404, "NoSuchKey");
      requests.push({ method: "GET", path: url.pathname, authorization: String(req.headers.authorization), status: 200 });
      res.writeHead(200, { "content-type": found.contentType, "content-length": found.bytes.length });
      return res.end(found.bytes);
    }
    if (req.method === "DELETE") {
      objects.delete(key);
      return reply(204);
    }
    return reply(405, "MethodNotAllowed");
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** The S3 error code for a badly signed request, or null when the signature is valid. */
function checkSignature(req: http.IncomingMessage, url: URL, body: Buffer, credentials: Credentials): string | null {
  const match = AUTHORIZATION.exec(String(req.headers.authorization ?? ""));
  if (!match) return "AccessDenied";
  const [, accessKeyId, date, region, signedHeaderList, signature] = match as unknown as string[];
  if (accessKeyId !== credentials.accessKeyId) return "InvalidAccessKeyId";
  if (region !== credentials.region) return "AuthorizationHeaderMalformed";
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  if (!amzDate.startsWith(date!) || !(Math.abs(Date.now() - parseAmzDate(amzDate)) <= 15 * 60_000)) return "RequestTimeTooSkewed";
  const signedHeaders = signedHeaderList!.split(";");
  if (!signedHeaders.includes("host") || !signedHeaders.includes("x-amz-date") || !signedHeaders.includes("x-amz-content-sha256")) return "AccessDenied";
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) return "XAmzContentSHA256Mismatch";

  const canonicalRequest = [
    req.method,
    url.pathname,
    [...url.searchParams].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).sort().join("&"),
    signedHeaders.map((name) => `${name}:${String(req.headers[name] ?? "").trim().replace(/\s+/g, " ")}\n`).join(""),
    signedHeaderList,
    payloadHash,
  ].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  let key: Buffer = hmac(`AWS4${credentials.secretAccessKey}`, date!);
  for (const part of [region!, "s3", "aws4_request"]) key = hmac(key, part);
  const expected = hmac(key, stringToSign);
  return timingSafeEqual(expected, Buffer.from(signature!, "hex")) ? null : "SignatureDoesNotMatch";
}

function parseAmzDate(value: string) {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : NaN;
}

function sha256(data: Buffer | string) {
  return createHash("sha256").update(data).digest("hex");
}

function hmac(key: Buffer | string, data: string) {
  return createHmac("sha256", key).update(data).digest();
}
