import { z } from "zod";
import { parseTrustProxy } from "~/domain/http/client-address";
import { type PaymentsMode } from "~/domain/commerce/orders";
import { SELLER_COUNTRY } from "~/domain/commerce/invoicing/vat";
import { DEMO_SELLER, sellerVatIdProblem, type SellerIdentity } from "~/domain/commerce/invoicing/invoice";
import { parseSocialLinks, SOCIAL_LINKS_FORMAT } from "~/domain/content/site";

/** "true"/"1" → true, "false"/"0" → false, unset or empty → undefined (the caller's default). */
const booleanish = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1"));

/** An empty variable means unset (the default), as for the other settings. */
const unsetWhenEmpty = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .url("DATABASE_URL must be a postgres:// URL")
      .refine((v) => /^postgres(ql)?:\/\//.test(v), "DATABASE_URL must start with postgres:// or postgresql://")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATA_DIR: z.string().min(1).default("./.data"),
    /**
     * Where report files are kept: `disk` (DATA_DIR/reports, one container), `postgres` (large objects in the
     * database) or `s3` (the S3_URL bucket). Unset: s3 with S3_URL, postgres with DATABASE_URL, else disk.
     */
    REPORT_STORAGE: z
      .enum(["disk", "postgres", "s3"], {
        errorMap: () => ({ message: "REPORT_STORAGE must be disk, postgres or s3" }),
      })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** The bucket (and an optional key prefix) for report files: s3://bucket/prefix. Credentials come from the AWS variables. */
    S3_URL: z
      .string()
      .refine(
        (v) => /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/.test(v),
        "S3_URL must look like s3://bucket or s3://bucket/prefix",
      )
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** An S3-compatible service instead of AWS (MinIO, R2, ...): its https URL; requests then use path-style addresses. */
    S3_ENDPOINT: z
      .string()
      .url("S3_ENDPOINT must be an absolute URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    S3_REGION: z.string().min(1).default("us-east-1"),
    PUBLIC_URL: z.string().url("PUBLIC_URL must be an absolute URL").default("http://localhost:3000"),
    SMTP_URL: z
      .string()
      .refine((v) => /^smtps?:\/\//.test(v), "SMTP_URL must start with smtp:// or smtps://")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default("Climate Risk <no-reply@climaterisk.local>"),
    TEAM_MAILBOX: z.string().email("TEAM_MAILBOX must be an e-mail address").default("team@climaterisk.local"),
    SOCIAL_LINKS: z
      .string()
      .optional()
      .superRefine((v, ctx) => {
        try {
          parseSocialLinks(v);
        } catch {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: SOCIAL_LINKS_FORMAT });
        }
      }),
    MAIL_OUTBOX_PAGE: z.enum(["off", "admin", "public"]).optional(),
    MAP_TILE_URL: z
      .string()
      .refine(
        (v) => v.startsWith("https://") && v.includes("{z}"),
        "MAP_TILE_URL must be an https URL with {z}/{x}/{y}",
      )
      .optional()
      .or(z.literal("").transform(() => undefined)),
    STRIPE_SECRET_KEY: z
      .string()
      .refine(
        (v) => /^(sk|rk)_(test|live)_/.test(v),
        "STRIPE_SECRET_KEY must start with sk_test_, sk_live_, rk_test_ or rk_live_",
      )
      .optional()
      .or(z.literal("").transform(() => undefined)),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .refine((v) => v.startsWith("whsec_"), "STRIPE_WEBHOOK_SECRET must start with whsec_")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** `test`: the built-in provider (no money moves); `stripe`: Stripe Checkout. See paymentsMode for the defaults. */
    PAYMENTS: z
      .enum(["test", "stripe"], { errorMap: () => ({ message: "PAYMENTS must be test or stripe" }) })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** The seller printed on every invoice (EU VAT invoice rules). Defaults: the clearly marked demo seller. */
    SELLER_NAME: z.string().trim().min(2, "SELLER_NAME must name the company").max(200).default(DEMO_SELLER.name),
    /** Lines separated by ";" (or newlines). */
    SELLER_ADDRESS: z
      .string()
      .trim()
      .min(5, "SELLER_ADDRESS must be a postal address")
      .max(500)
      .default(DEMO_SELLER.address),
    SELLER_VAT_ID: z
      .string()
      .default(DEMO_SELLER.vatId)
      .transform((v) => v.replace(/\s+/g, "").toUpperCase())
      .superRefine((v, ctx) => {
        const problem = sellerVatIdProblem(v, SELLER_COUNTRY);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    /** The address the production server listens on; unset: every interface. */
    HOST: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    /** Requests the production server lets the app work on at once (the rest queue, first come first served). */
    APP_CONCURRENCY: unsetWhenEmpty(
      z.coerce
        .number({ invalid_type_error: "APP_CONCURRENCY must be a whole number from 1 to 256" })
        .int("APP_CONCURRENCY must be a whole number from 1 to 256")
        .min(1, "APP_CONCURRENCY must be a whole number from 1 to 256")
        .max(256, "APP_CONCURRENCY must be a whole number from 1 to 256")
        .default(8),
    ),
    /** How long in-flight requests get to finish after SIGTERM before their connections are cut. */
    SHUTDOWN_GRACE_MS: unsetWhenEmpty(
      z.coerce
        .number({ invalid_type_error: "SHUTDOWN_GRACE_MS must be a number of milliseconds" })
        .int("SHUTDOWN_GRACE_MS must be a whole number of milliseconds")
        .min(0, "SHUTDOWN_GRACE_MS must be a number of milliseconds")
        .max(600_000, "SHUTDOWN_GRACE_MS must be at most 600000 (10 minutes)")
        .default(10_000),
    ),
    /** How long a client may take to send a request's headers before the server answers 408 and closes. */
    HEADERS_TIMEOUT_MS: unsetWhenEmpty(
      z.coerce
        .number({ invalid_type_error: "HEADERS_TIMEOUT_MS must be a number of milliseconds from 1000 to 60000" })
        .int("HEADERS_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 60000")
        .min(1_000, "HEADERS_TIMEOUT_MS must be a number of milliseconds from 1000 to 60000")
        .max(60_000, "HEADERS_TIMEOUT_MS must be a number of milliseconds from 1000 to 60000")
        .default(15_000),
    ),
    /** How long a kept-alive connection may stay idle between requests before the server closes it. */
    KEEP_ALIVE_TIMEOUT_MS: unsetWhenEmpty(
      z.coerce
        .number({ invalid_type_error: "KEEP_ALIVE_TIMEOUT_MS must be a number of milliseconds from 1000 to 120000" })
        .int("KEEP_ALIVE_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000")
        .min(1_000, "KEEP_ALIVE_TIMEOUT_MS must be a number of milliseconds from 1000 to 120000")
        .max(120_000, "KEEP_ALIVE_TIMEOUT_MS must be a number of milliseconds from 1000 to 120000")
        .default(5_000),
    ),
    /** Open connections one client address may hold; 0 turns the cap off (e.g. behind a load balancer, whose address every connection has). */
    MAX_CONNECTIONS_PER_ADDRESS: unsetWhenEmpty(
      z.coerce
        .number({ invalid_type_error: "MAX_CONNECTIONS_PER_ADDRESS must be a whole number from 0 (no cap) to 100000" })
        .int("MAX_CONNECTIONS_PER_ADDRESS must be a whole number from 0 (no cap) to 100000")
        .min(0, "MAX_CONNECTIONS_PER_ADDRESS must be a whole number from 0 (no cap) to 100000")
        .max(100_000, "MAX_CONNECTIONS_PER_ADDRESS must be a whole number from 0 (no cap) to 100000")
        .default(128),
    ),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SEED_DEMO_ACCOUNTS: booleanish,
    DISABLE_RATE_LIMIT: booleanish,
    /**
     * Let webhook endpoints be private, loopback or plain-http addresses (tests with a local receiver). Off by
     * default: in production a webhook may only reach the public internet over https.
     */
    WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanish,
    /** Proxies whose X-Forwarded-For we believe: a hop count or a comma-separated list of addresses/CIDR ranges. */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        try {
          return parseTrustProxy(v);
        } catch (error) {
          ctx.addIssue({
            code: "custom",
            message: `TRUST_PROXY must be a hop count or a list of IP addresses/CIDR ranges (${(error as Error).message})`,
          });
          return z.NEVER;
        }
      }),
  })
  .superRefine((env, ctx) => {
    if (env.REPORT_STORAGE === "postgres" && !env.DATABASE_URL) {
      ctx.addIssue({ code: "custom", path: ["REPORT_STORAGE"], message: "REPORT_STORAGE=postgres needs DATABASE_URL" });
    }
    if (env.REPORT_STORAGE === "s3" && !env.S3_URL) {
      ctx.addIssue({ code: "custom", path: ["REPORT_STORAGE"], message: "REPORT_STORAGE=s3 needs S3_URL" });
    }
    if (env.PAYMENTS === "stripe" && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENTS"],
        message: "PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
      });
    }
    // Real money, real invoices: live Stripe keys must not issue invoices in the demo seller's name.
    if (
      /^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY ?? "") &&
      (env.SELLER_NAME === DEMO_SELLER.name ||
        env.SELLER_ADDRESS === DEMO_SELLER.address ||
        env.SELLER_VAT_ID === DEMO_SELLER.vatId)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["SELLER_NAME"],
        message:
          "Live Stripe payments need the real seller on invoices: set SELLER_NAME, SELLER_ADDRESS and SELLER_VAT_ID",
      });
    }
    // Stripe needs both: without the webhook secret no payment could ever settle, without the key none could start.
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      const missing = env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message:
          "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (both for Stripe payments, neither for the built-in test payments)",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** Parses process.env once; a bad configuration is reported in full and the process exits. */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "env"}: ${i.message}`);
    console.error(`Invalid environment configuration:\n${lines.join("\n")}`);
    if (process.env.VITEST) throw new Error("Invalid environment configuration");
    process.exit(1);
  }
  cached = parsed.data;
  return cached;
}

/** Where new report files go (files already stored are read from wherever their row says). */
export function reportStorageKind(): "disk" | "postgres" | "s3" {
  const env = getEnv();
  if (env.REPORT_STORAGE) return env.REPORT_STORAGE;
  if (env.S3_URL) return "s3";
  return env.DATABASE_URL ? "postgres" : "disk";
}

/** The seller named on invoices. */
export function sellerIdentity(): SellerIdentity {
  const env = getEnv();
  return { name: env.SELLER_NAME, address: env.SELLER_ADDRESS, vatId: env.SELLER_VAT_ID };
}

export function isProduction() {
  return getEnv().NODE_ENV === "production";
}

/** Who may read the development mail outbox page. */
export function outboxPageAccess(): "off" | "admin" | "public" {
  const env = getEnv();
  if (env.MAIL_OUTBOX_PAGE) return env.MAIL_OUTBOX_PAGE;
  if (env.SMTP_URL) return "off";
  return env.NODE_ENV === "production" ? "admin" : "public";
}

/**
 * Demo accounts with published passwords. In production only when SEED_DEMO_ACCOUNTS=true is set explicitly;
 * elsewhere on by default for the embedded database.
 */
export function shouldSeedDemoAccounts() {
  const env = getEnv();
  if (env.NODE_ENV === "production") return env.SEED_DEMO_ACCOUNTS === true;
  return env.SEED_DEMO_ACCOUNTS ?? !env.DATABASE_URL;
}

/**
 * Which payment provider takes purchases. PAYMENTS says so explicitly; unset, Stripe when its keys are configured,
 * else the built-in test payments, except in production: there free "test" purchases would hand out every plan,
 * so without PAYMENTS=test or Stripe keys purchases are off.
 */
export function paymentsMode(): PaymentsMode {
  const env = getEnv();
  if (env.PAYMENTS) return env.PAYMENTS;
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) return "stripe";
  return env.NODE_ENV === "production" ? "off" : "test";
}

export const DEMO_ACCOUNTS_WARNING =
  "SEED_DEMO_ACCOUNTS=true: demo accounts with the password published in the README (an admin among them) can log in. Never use this on a public server.";

/** @internal */
export function resetEnvCacheForTesting() {
  cached = undefined;
}
