import { DEMO_SELLER } from "~/domain/commerce/invoicing/invoice";
import {
  getEnv,
  outboxPageAccess,
  reportStorageKind,
  resetEnvCacheForTesting,
  sellerIdentity,
  shouldSeedDemoAccounts,
} from "./env.server";

describe("environment validation", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCacheForTesting();
  });

  it("applies defaults for the embedded setup", () => {
    delete process.env.DATABASE_URL;
    delete process.env.PORT;
    resetEnvCacheForTesting();
    const env = getEnv();
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(shouldSeedDemoAccounts()).toBe(true);
  });

  it("keeps report files on disk without a database, in large objects with one, in the bucket with S3_URL", () => {
    const kindWith = (vars: Record<string, string | undefined>) => {
      for (const key of ["DATABASE_URL", "S3_URL", "REPORT_STORAGE"]) delete process.env[key];
      Object.assign(process.env, vars);
      resetEnvCacheForTesting();
      return reportStorageKind();
    };
    expect(kindWith({})).toBe("disk");
    expect(kindWith({ DATABASE_URL: "postgres://db/app" })).toBe("postgres");
    expect(kindWith({ DATABASE_URL: "postgres://db/app", S3_URL: "s3://reports/app" })).toBe("s3");
    expect(kindWith({ DATABASE_URL: "postgres://db/app", REPORT_STORAGE: "disk" })).toBe("disk");
  });

  it("refuses a report store its settings cannot serve, and a malformed bucket URL", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const [vars, named] of [
      [{ REPORT_STORAGE: "postgres" }, "REPORT_STORAGE=postgres needs DATABASE_URL"],
      [{ REPORT_STORAGE: "s3" }, "REPORT_STORAGE=s3 needs S3_URL"],
      [{ S3_URL: "https://bucket.example.com" }, "S3_URL must look like s3://bucket"],
    ] as const) {
      for (const key of ["DATABASE_URL", "S3_URL", "REPORT_STORAGE"]) delete process.env[key];
      Object.assign(process.env, vars);
      resetEnvCacheForTesting();
      errors.mockClear();
      expect(() => getEnv()).toThrow("Invalid environment configuration");
      expect(errors.mock.calls.flat().join("\n")).toContain(named);
    }
    errors.mockRestore();
  });

  it("refuses a malformed database URL and port, naming them", () => {
    process.env.DATABASE_URL = "mysql://nope";
    process.env.PORT = "70000";
    resetEnvCacheForTesting();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => getEnv()).toThrow("Invalid environment configuration");
    const printed = errors.mock.calls.flat().join("\n");
    expect(printed).toContain("DATABASE_URL");
    expect(printed).toContain("PORT");
    errors.mockRestore();
  });

  it("refuses an APP_CONCURRENCY or SHUTDOWN_GRACE_MS that is not a whole number in range, and defaults them when unset", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const [name, value] of [
      ["APP_CONCURRENCY", "abc"],
      ["APP_CONCURRENCY", "0"],
      ["APP_CONCURRENCY", "2.5"],
      ["SHUTDOWN_GRACE_MS", "soon"],
    ] as const) {
      process.env = { ...saved, [name]: value };
      resetEnvCacheForTesting();
      errors.mockClear();
      expect(() => getEnv(), `${name}=${value}`).toThrow("Invalid environment configuration");
      expect(errors.mock.calls.flat().join("\n")).toContain(`${name}: ${name} must be`);
    }
    errors.mockRestore();
    process.env = { ...saved, APP_CONCURRENCY: "", SHUTDOWN_GRACE_MS: "" };
    resetEnvCacheForTesting();
    expect(getEnv()).toMatchObject({ APP_CONCURRENCY: 8, SHUTDOWN_GRACE_MS: 10_000 });
    process.env = { ...saved, APP_CONCURRENCY: "3" };
    resetEnvCacheForTesting();
    expect(getEnv().APP_CONCURRENCY).toBe(3);
  });

  it("refuses connection limits out of range, and defaults them when unset", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const [name, value] of [
      ["HEADERS_TIMEOUT_MS", "500"],
      ["HEADERS_TIMEOUT_MS", "60001"],
      ["KEEP_ALIVE_TIMEOUT_MS", "soon"],
      ["MAX_CONNECTIONS_PER_ADDRESS", "-1"],
      ["MAX_CONNECTIONS_PER_ADDRESS", "1.5"],
    ] as const) {
      process.env = { ...saved, [name]: value };
      resetEnvCacheForTesting();
      errors.mockClear();
      expect(() => getEnv(), `${name}=${value}`).toThrow("Invalid environment configuration");
      expect(errors.mock.calls.flat().join("\n")).toContain(`${name}: ${name} must be`);
    }
    errors.mockRestore();
    process.env = { ...saved, HEADERS_TIMEOUT_MS: "", KEEP_ALIVE_TIMEOUT_MS: "", MAX_CONNECTIONS_PER_ADDRESS: "" };
    resetEnvCacheForTesting();
    expect(getEnv()).toMatchObject({
      HEADERS_TIMEOUT_MS: 15_000,
      KEEP_ALIVE_TIMEOUT_MS: 5_000,
      MAX_CONNECTIONS_PER_ADDRESS: 128,
    });
    process.env = { ...saved, MAX_CONNECTIONS_PER_ADDRESS: "0" };
    resetEnvCacheForTesting();
    expect(getEnv().MAX_CONNECTIONS_PER_ADDRESS).toBe(0);
  });

  it("refuses one Stripe variable without the other, naming both", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const [key, value] of [
      ["STRIPE_SECRET_KEY", "sk_test_abc"],
      ["STRIPE_WEBHOOK_SECRET", "whsec_abc"],
    ] as const) {
      delete process.env.STRIPE_SECRET_KEY;
      delete process.env.STRIPE_WEBHOOK_SECRET;
      process.env[key] = value;
      resetEnvCacheForTesting();
      errors.mockClear();
      expect(() => getEnv()).toThrow("Invalid environment configuration");
      const printed = errors.mock.calls.flat().join("\n");
      expect(printed).toContain("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together");
    }
    errors.mockRestore();
    process.env.STRIPE_SECRET_KEY = "sk_test_abc";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_abc";
    resetEnvCacheForTesting();
    expect(getEnv().STRIPE_WEBHOOK_SECRET).toBe("whsec_abc");
    process.env.STRIPE_SECRET_KEY = "";
    process.env.STRIPE_WEBHOOK_SECRET = "";
    resetEnvCacheForTesting();
    expect(getEnv().STRIPE_SECRET_KEY).toBeUndefined();
  });

  it("does not seed demo accounts on a server database unless asked", () => {
    process.env.DATABASE_URL = "postgres://u@localhost:5432/db";
    resetEnvCacheForTesting();
    expect(shouldSeedDemoAccounts()).toBe(false);
    process.env.SEED_DEMO_ACCOUNTS = "true";
    resetEnvCacheForTesting();
    expect(shouldSeedDemoAccounts()).toBe(true);
  });

  it("hides the mail outbox in production unless configured", () => {
    process.env.NODE_ENV = "production";
    delete process.env.SMTP_URL;
    delete process.env.MAIL_OUTBOX_PAGE;
    resetEnvCacheForTesting();
    expect(outboxPageAccess()).toBe("admin");
    process.env.SMTP_URL = "smtp://localhost:2525";
    resetEnvCacheForTesting();
    expect(outboxPageAccess()).toBe("off");
  });

  it("names the demo seller by default and validates a configured seller's VAT id", () => {
    for (const k of ["SELLER_NAME", "SELLER_ADDRESS", "SELLER_VAT_ID"]) delete process.env[k];
    resetEnvCacheForTesting();
    expect(sellerIdentity()).toEqual(DEMO_SELLER);
    expect(sellerIdentity().name).toContain("DEMO");
    process.env.SELLER_NAME = "Acme Climate SAS";
    process.env.SELLER_ADDRESS = "2 rue de la Paix; 75002 Paris; France";
    process.env.SELLER_VAT_ID = "fr 12 345678901";
    resetEnvCacheForTesting();
    expect(sellerIdentity()).toEqual({
      name: "Acme Climate SAS",
      address: "2 rue de la Paix; 75002 Paris; France",
      vatId: "FR12345678901",
    });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    process.env.SELLER_VAT_ID = "DE123456789";
    resetEnvCacheForTesting();
    expect(() => getEnv()).toThrow("Invalid environment configuration");
    expect(errors.mock.calls.flat().join("\n")).toContain("SELLER_VAT_ID must be a VAT id of FR");
    errors.mockRestore();
  });

  it("refuses live Stripe keys with the demo seller", () => {
    for (const k of ["SELLER_NAME", "SELLER_ADDRESS", "SELLER_VAT_ID"]) delete process.env[k];
    process.env.STRIPE_SECRET_KEY = "sk_live_abc";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_abc";
    resetEnvCacheForTesting();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => getEnv()).toThrow("Invalid environment configuration");
    expect(errors.mock.calls.flat().join("\n")).toContain("set SELLER_NAME, SELLER_ADDRESS and SELLER_VAT_ID");
    errors.mockRestore();
  });
});
