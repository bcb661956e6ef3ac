import { z } from "zod";

// The one place that reads process.env. Everything is validated once, on first use
// (and at server start-up through instrumentation.ts), so a bad deployment stops
// with the variable's name instead of failing on the first request.

const isProductionDeployment = process.env.APP_ENV === "production";

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();
// A blank value counts as unset.
const optionalText = z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), z.string().trim().max(200).optional());

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // "production" for a real deployment; unset for local runs of the production build.
  APP_ENV: z.enum(["local", "production"]).default("local"),
  // Two logins (docs/operations.md, "Database"): DATABASE_URL is the tables' owner (migrations, scripts,
  // tests); APP_DATABASE_URL the app's own, which may read and write rows but never alter a
  // table or rewrite the audit log. The web server and the worker use APP_DATABASE_URL, else
  // DATABASE_URL (tests and scripts that run as the owner); production requires it.
  DATABASE_URL: postgresUrl.optional(),
  APP_DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  // How this process's connections are named in pg_stat_activity (npm run cluster sets one per instance).
  PGAPPNAME: z.string().optional().transform((value) => value?.trim() || "clinic-app"),
  // Encrypts session tokens and signs XSRF tokens. Generated per machine by `npm start`
  // (and per run by `npm test`) for local runs; a real deployment must provide its own.
  AUTH_SECRET: z
    .string({ error: isProductionDeployment ? "is required in production" : "is required (npm start generates one)" })
    .min(32, "must be at least 32 characters"),
  // Encrypts the second factor's TOTP secrets at rest (32 random bytes, base64url:
  // `openssl rand -base64 32 | tr '+/' '-_' | tr -d '='`). Generated per machine for local runs.
  // Changing it makes every enrolled authenticator unreadable (staff then need a reset).
  TOTP_ENCRYPTION_KEY: z
    .string({ error: isProductionDeployment ? "is required in production" : "is required (npm start generates one)" })
    .regex(/^[A-Za-z0-9_-]{43}=?$/, "must be 32 random bytes, base64url-encoded (43 characters)"),
  // smtp://user:pass@host:587 or smtps://…; without it, email is kept in the outbox table.
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("Hairline Clinic <no-reply@example.co.uk>"),
  // Background jobs (lib/server/services/jobs): the web server runs a worker in-process unless
  // RUN_WORKER=false (then `npm run worker` must run somewhere).
  RUN_WORKER: z.enum(["true", "false"]).default("true").transform((value) => value === "true"),
  // How often a worker runs pg-boss's maintenance (archive, delete, expire); pg-boss's own
  // default, 120 s, when unset. The bench's growth step shortens it: it advances the clock a
  // simulated day at a time and needs the maintenance of each day to have run (bench/growth.mjs).
  JOB_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  // Payments. With STRIPE_SECRET_KEY the app talks to Stripe; without it, to the local
  // payment sandbox at STRIPE_SANDBOX_URL (started by `npm start` and `npm test`).
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)").optional(),
  STRIPE_SANDBOX_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Signs webhook events (whsec_…, from the Stripe dashboard; generated for the sandbox).
  STRIPE_WEBHOOK_SECRET: z
    .string({ error: isProductionDeployment ? "is required in production" : "is required (npm start generates one)" })
    .regex(/^whsec_[A-Za-z0-9+/=_-]{16,}$/, "must be a Stripe webhook signing secret (whsec_…)"),
  SITE_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
  // Trust X-Forwarded-For only behind a proxy we run.
  TRUST_PROXY: z.enum(["true", "false"]).default("false").transform((value) => value === "true"),
  SITE_NAME: z.string().min(1).default("Hairline Clinic"),
  CONTACT_EMAIL: z.email().default("hello@example.co.uk"),
  // Where staff alerts go (a prescription request past its 24-hour promise); CONTACT_EMAIL when unset.
  STAFF_ALERT_EMAIL: z.email().optional(),
  CONTACT_PHONE: z.string().min(3).default("020 7946 0000"),
  CONTACT_ADDRESS: z.string().min(3).default("1 Example Street, London, EC1A 1AA"),
  SOCIAL_FACEBOOK_URL: optionalUrl,
  SOCIAL_X_URL: optionalUrl,
  SOCIAL_INSTAGRAM_URL: optionalUrl,
  // The trust panel (footer, About page): unset values show as clearly marked placeholders.
  GPHC_PREMISES_NUMBER: optionalText,
  SUPERINTENDENT_PHARMACIST: optionalText,
  CQC_REGISTRATION: optionalText,
  COMPANY_NAME: optionalText,
  COMPANY_NUMBER: optionalText,
  COMPANY_ADDRESS: optionalText,
  // Uploaded photos: a folder outside public/ (never served by Next.js), or an S3-compatible
  // bucket (the S3_* variables are then required).
  UPLOAD_STORAGE: z.enum(["local", "s3"]).default("local"),
  UPLOAD_DIR: z
    .string()
    .refine((dir) => !/^(\.\/)?public(\/|$)/.test(dir), "must not be inside public/ (anyone could download the photos)")
    .default(".data/uploads"),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name").optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{2,32}$/, "must be a region such as eu-west-2").optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

const S3_VARIABLES = ["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

const refined = schema.superRefine((value, ctx) => {
  if (value.APP_ENV === "production" && !value.APP_DATABASE_URL) {
    ctx.addIssue({ code: "custom", path: ["APP_DATABASE_URL"], message: "is required in production: the app's own database login, which cannot alter tables or the audit log (docs/operations.md, \"Database\")" });
  } else if (!value.APP_DATABASE_URL && !value.DATABASE_URL) {
    ctx.addIssue({ code: "custom", path: ["APP_DATABASE_URL"], message: "is missing: set APP_DATABASE_URL (the app's database login) or DATABASE_URL (npm start sets them)" });
  }
  if (value.APP_ENV === "production" && !value.STRIPE_SECRET_KEY) {
    ctx.addIssue({ code: "custom", path: ["STRIPE_SECRET_KEY"], message: "is required in production (the payment sandbox is for local runs only)" });
  }
  if (!value.STRIPE_SECRET_KEY && !value.STRIPE_SANDBOX_URL) {
    ctx.addIssue({ code: "custom", path: ["STRIPE_SANDBOX_URL"], message: "is missing: set STRIPE_SECRET_KEY, or STRIPE_SANDBOX_URL for the local payment sandbox (npm start sets it)" });
  }
  if (value.UPLOAD_STORAGE === "s3") {
    for (const name of S3_VARIABLES) {
      if (!value[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when UPLOAD_STORAGE=s3" });
    }
  }
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export class EnvError extends Error {}

/** The login the app's connections use: APP_DATABASE_URL, else (tests, owner's scripts) DATABASE_URL. */
export function appDatabaseUrl(): string {
  const { APP_DATABASE_URL, DATABASE_URL } = env();
  return (APP_DATABASE_URL ?? DATABASE_URL)!;
}

/** True when this process runs as the app's own login: then it never changes the schema (pg-boss's either). */
export function runsAsAppLogin(): boolean {
  return env().APP_DATABASE_URL !== undefined;
}

function parseEnvironment<T extends z.ZodType>(validator: T): z.infer<T> {
  // An empty variable (e.g. `AUTH_SECRET=` in a compose file) means "not set".
  const defined = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
  const parsed = validator.safeParse(defined);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join(".");
      return issue.code === "invalid_type" && issue.input === undefined
        ? `${name} is missing (${issue.message})`
        : `${name} ${issue.message}`;
    });
    throw new EnvError(`Invalid environment: ${problems.join("; ")}`);
  }
  return parsed.data;
}

/** Validated environment; throws EnvError naming every bad variable. */
export function env(): Env {
  cached ??= parseEnvironment(refined);
  return cached;
}

// The log's own settings, validated apart from the rest: the logger is made when its module is
// first imported, which scripts and tests do without the app's secrets (env() would refuse them).
const loggingSchema = z.object({
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { error: "must be one of fatal, error, warn, info, debug, trace, silent" }).default("info"),
  // Names this process in each log line (npm run cluster sets app-1, app-2, worker).
  INSTANCE_NAME: optionalText,
});

/** Every variable this module reads: the names docs/configuration.md must describe (tests/integration/docs/docs.test.ts). */
export const ENV_VARIABLES: readonly string[] = [...Object.keys(schema.shape), ...Object.keys(loggingSchema.shape)];

/** LOG_LEVEL and INSTANCE_NAME, validated; throws EnvError naming a bad one. */
export function loggingEnv(): z.infer<typeof loggingSchema> {
  return parseEnvironment(loggingSchema);
}
