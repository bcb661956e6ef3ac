// lib/env.ts validates the upload variables at start-up like every other.
const S3 = {
  S3_ENDPOINT: "https://s3.eu-west-2.amazonaws.com",
  S3_BUCKET: "clinic-uploads",
  S3_REGION: "eu-west-2",
  S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
  S3_SECRET_ACCESS_KEY: "secret",
};

type Env = ReturnType<typeof import("@/lib/env").env>;

/** A fresh lib/env.ts (its cache empty) evaluated with these variables set or unset. */
async function loadEnvWith(vars: Record<string, string | undefined>): Promise<Env> {
  const saved = { ...process.env };
  Object.assign(process.env, vars);
  for (const [name, value] of Object.entries(vars)) if (value === undefined) delete process.env[name];
  try {
    let result: Env | undefined;
    await jest.isolateModulesAsync(async () => {
      result = (await import("@/lib/env")).env();
    });
    return result!;
  } finally {
    process.env = saved;
  }
}

describe("upload configuration", () => {
  it("defaults to the .data/uploads folder", async () => {
    const config = await loadEnvWith({ UPLOAD_STORAGE: undefined, UPLOAD_DIR: undefined });
    expect(config.UPLOAD_STORAGE).toBe("local");
    expect(config.UPLOAD_DIR).toBe(".data/uploads");
  });

  it("names every missing S3 variable when UPLOAD_STORAGE=s3", async () => {
    await expect(loadEnvWith({ UPLOAD_STORAGE: "s3", ...Object.fromEntries(Object.keys(S3).map((k) => [k, undefined])) })).rejects.toThrow(
      /S3_ENDPOINT is required when UPLOAD_STORAGE=s3.*S3_BUCKET.*S3_REGION.*S3_ACCESS_KEY_ID.*S3_SECRET_ACCESS_KEY/,
    );
    expect((await loadEnvWith({ UPLOAD_STORAGE: "s3", ...S3 })).S3_BUCKET).toBe("clinic-uploads");
  });

  it("refuses an upload folder inside public/", async () => {
    await expect(loadEnvWith({ UPLOAD_DIR: "public/uploads" })).rejects.toThrow(/UPLOAD_DIR must not be inside public/);
  });
});
