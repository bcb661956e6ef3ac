describe("env", () => {
  const original = process.env;
  afterEach(() => {
    process.env = original;
    jest.resetModules();
  });

  const local = { DATABASE_URL: "postgresql://localhost/clinic", AUTH_SECRET: "x".repeat(43), TOTP_ENCRYPTION_KEY: "k".repeat(43), STRIPE_WEBHOOK_SECRET: `whsec_${"a".repeat(32)}` };

  async function load(vars: Record<string, string | undefined>) {
    process.env = { ...vars } as NodeJS.ProcessEnv;
    jest.resetModules();
    return (await import("./env")).env;
  }

  it("stops a production deployment without AUTH_SECRET, naming it", async () => {
    const env = await load({ APP_ENV: "production", DATABASE_URL: "postgresql://db/clinic" });
    expect(() => env()).toThrow(/AUTH_SECRET is missing/);
  });

  it("stops a production deployment without the app's own database login", async () => {
    const env = await load({ ...local, APP_ENV: "production", STRIPE_SECRET_KEY: "sk_test_abc123" });
    expect(() => env()).toThrow(/APP_DATABASE_URL is required in production/);
  });

  it("uses the app's own login when given, else DATABASE_URL", async () => {
    let env = await load({ ...local, STRIPE_SANDBOX_URL: "http://127.0.0.1:12111", APP_DATABASE_URL: "postgresql://clinic_app@localhost/clinic" });
    const { appDatabaseUrl, runsAsAppLogin } = await import("./env");
    expect(env() && appDatabaseUrl()).toBe("postgresql://clinic_app@localhost/clinic");
    expect(runsAsAppLogin()).toBe(true);
    env = await load({ ...local, STRIPE_SANDBOX_URL: "http://127.0.0.1:12111" });
    const owner = await import("./env");
    expect(env() && owner.appDatabaseUrl()).toBe("postgresql://localhost/clinic");
    expect(owner.runsAsAppLogin()).toBe(false);
  });

  it("names a malformed DATABASE_URL", async () => {
    const env = await load({ DATABASE_URL: "mysql://db/clinic" });
    expect(() => env()).toThrow(/DATABASE_URL must be a postgresql:\/\/ URL/);
  });

  it("stops a local run without AUTH_SECRET too (npm start and npm test generate one)", async () => {
    const env = await load({ DATABASE_URL: "postgresql://localhost/clinic" });
    expect(() => env()).toThrow(/AUTH_SECRET is missing \(is required \(npm start generates one\)\)/);
  });

  it("accepts a local run with only the generated secret, and applies defaults", async () => {
    const env = await load({ ...local, STRIPE_SANDBOX_URL: "http://127.0.0.1:12111" });
    expect(env()).toMatchObject({ APP_ENV: "local", TRUST_PROXY: false });
    expect(env().GPHC_PREMISES_NUMBER).toBeUndefined();
  });

  it("needs either a Stripe key or the local payment sandbox", async () => {
    const env = await load(local);
    expect(() => env()).toThrow(/STRIPE_SANDBOX_URL is missing: set STRIPE_SECRET_KEY/);
  });

  it("refuses the payment sandbox in production", async () => {
    const env = await load({ ...local, APP_ENV: "production", STRIPE_SANDBOX_URL: "http://127.0.0.1:12111" });
    expect(() => env()).toThrow(/STRIPE_SECRET_KEY is required in production/);
  });

  it("names a webhook secret that is not one", async () => {
    const env = await load({ ...local, STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "secret" });
    expect(() => env()).toThrow(/STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret/);
  });

  describe("the log's settings", () => {
    async function loggingEnv(vars: Record<string, string | undefined>) {
      process.env = { ...vars } as NodeJS.ProcessEnv;
      jest.resetModules();
      return (await import("./env")).loggingEnv;
    }

    it("need none of the app's secrets, and default to info with no instance", async () => {
      expect((await loggingEnv({}))()).toEqual({ LOG_LEVEL: "info", INSTANCE_NAME: undefined });
      expect((await loggingEnv({ LOG_LEVEL: "", INSTANCE_NAME: " " }))()).toEqual({ LOG_LEVEL: "info", INSTANCE_NAME: undefined });
    });

    it("take a level and an instance name", async () => {
      expect((await loggingEnv({ LOG_LEVEL: "warn", INSTANCE_NAME: "app-2" }))()).toEqual({ LOG_LEVEL: "warn", INSTANCE_NAME: "app-2" });
    });

    it("name a level pino does not have", async () => {
      const settings = await loggingEnv({ LOG_LEVEL: "verbose" });
      expect(() => settings()).toThrow("Invalid environment: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent");
    });
  });
});
