import { getEnv, outboxPageAccess, resetEnvCacheForTesting, shouldSeedDemoAccounts } from "./env.server";

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
});
