import { DEMO_PASSWORD, PASSWORD_STRENGTH_MESSAGES } from "~/domain/password-strength";
import { resetEnvCacheForTesting } from "~/env.server";
import { newPasswordProblem } from "./password-strength.server";

const savedNodeEnv = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = savedNodeEnv;
  resetEnvCacheForTesting();
});

describe("newPasswordProblem (zxcvbn estimate)", () => {
  it("refuses passwords that pass a length-and-classes rule but are guessed at once", async () => {
    for (const weak of ["Password123!", "qwertyuiop12", "aaaaaaaaaaaa"]) {
      expect(await newPasswordProblem(weak), weak).toMatch(PASSWORD_STRENGTH_MESSAGES.weak);
    }
  });

  it("accepts a long unusual passphrase, and counts the user's own name and e-mail as known words", async () => {
    expect(await newPasswordProblem("Tr1cky-Fjord-Lantern")).toBeNull();
    expect(await newPasswordProblem("oyelaran1990")).toBeNull();
    expect(await newPasswordProblem("oyelaran1990", ["margarethe.oyelaran@example.com", "Margarethe", "Oyelaran"])).not.toBeNull();
  });

  it("refuses the README's demo password in production only", async () => {
    process.env.NODE_ENV = "production";
    resetEnvCacheForTesting();
    expect(await newPasswordProblem(DEMO_PASSWORD)).toBe(PASSWORD_STRENGTH_MESSAGES.demo);
    process.env.NODE_ENV = "test";
    resetEnvCacheForTesting();
    expect(await newPasswordProblem(DEMO_PASSWORD)).toBeNull();
  });
});
