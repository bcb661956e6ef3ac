import { createS3Storage } from "@/lib/server/services/uploads/s3-storage";
import { startS3Stub, type S3Stub } from "./s3-stub";

const credentials = { bucket: "clinic-uploads", region: "eu-west-2", accessKeyId: "AKIATESTKEY", secretAccessKey: "test-secret-access-key-0123456789" };

describe("S3 storage (against an S3-compatible stub that checks SigV4)", () => {
  let stub: S3Stub;
  beforeAll(async () => {
    stub = await startS3Stub(credentials);
  });
  afterAll(() => stub.close());

  it("puts, gets and deletes an object under /<bucket>/<key>", async () => {
    const storage = createS3Storage({ ...credentials, endpoint: `${stub.endpoint}/` });
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const key = "photos/7c1d2b2a-2f55-4a8e-9d6c-0e7a1a7b3c44.png";

    await storage.put(key, bytes, "image/png");
    expect(stub.objects.get(key)?.bytes.equals(bytes)).toBe(true);
    expect(stub.requests.at(-1)).toMatchObject({ method: "PUT", path: `/clinic-uploads/${key}`, status: 200 });
    expect(stub.requests.at(-1)?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATESTKEY\/\d{8}\/eu-west-2\/s3\/aws4_request, ?SignedHeaders=.*, ?Signature=[0-9a-f]{64}$/);

    const got = await storage.get(key);
    expect(got?.bytes.equals(bytes)).toBe(true);
    expect(got?.contentType).toBe("image/png");

    await storage.delete(key);
    expect(stub.objects.has(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("fails loudly when the bucket refuses the signature (wrong secret)", async () => {
    const storage = createS3Storage({ ...credentials, secretAccessKey: "not-the-secret", endpoint: stub.endpoint });
    await expect(storage.put("photos/x.jpg", Buffer.from("x"), "image/jpeg")).rejects.toThrow(/HTTP 403 SignatureDoesNotMatch/);
    await expect(storage.get("photos/x.jpg")).rejects.toThrow(/HTTP 403/);
    expect(stub.objects.has("photos/x.jpg")).toBe(false);
  });

  it("fails when signed for another region", async () => {
    const storage = createS3Storage({ ...credentials, region: "us-east-1", endpoint: stub.endpoint });
    await expect(storage.put("photos/y.jpg", Buffer.from("y"), "image/jpeg")).rejects.toThrow(/HTTP 403/);
  });

  it("refuses a key that could leave the bucket path before sending anything", async () => {
    const storage = createS3Storage({ ...credentials, endpoint: stub.endpoint });
    const before = stub.requests.length;
    await expect(storage.get("../other-bucket/secret.jpg")).rejects.toThrow(/Invalid storage key/);
    expect(stub.requests.length).toBe(before);
  });
});

describe("uploadStorage() with UPLOAD_STORAGE=s3", () => {
  it("talks to the configured bucket", async () => {
    const stub = await startS3Stub(credentials);
    const saved = { ...process.env };
    Object.assign(process.env, {
      UPLOAD_STORAGE: "s3",
      S3_ENDPOINT: stub.endpoint,
      S3_BUCKET: credentials.bucket,
      S3_REGION: credentials.region,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
    try {
      await jest.isolateModulesAsync(async () => {
        const { uploadStorage } = await import("@/lib/server/services/uploads/upload-storage");
        expect(uploadStorage()).toBe(uploadStorage());
        await uploadStorage().put("photos/z.jpg", Buffer.from("z"), "image/jpeg");
      });
      expect(stub.objects.get("photos/z.jpg")?.contentType).toBe("image/jpeg");
    } finally {
      process.env = saved;
      await stub.close();
    }
  });
});
