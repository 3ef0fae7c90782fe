import { DEMO_PASSWORD, PASSWORD_STRENGTH_MESSAGES } from "~/domain/auth/password-strength";
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

  it("refuses the passwords at the top of the breach lists, capitalised or not, and this site's own words", async () => {
    // A sample of the 322-entry list the forms used to check before zxcvbn did (all 966 variants refused when it was dropped).
    const common = [
      "123456",
      "password",
      "12345678",
      "qwerty",
      "123456789",
      "12345",
      "1234",
      "111111",
      "1234567",
      "dragon",
      "123123",
      "baseball",
      "abc123",
      "football",
      "monkey",
      "letmein",
      "696969",
      "shadow",
      "master",
      "666666",
      "qwertyuiop",
      "123321",
      "mustang",
      "1234567890",
      "michael",
      "banana123",
      "apple1234",
      "cherry123",
      "london123",
      "paris123",
      "berlin123",
      "climate1",
      "climaterisk",
      "weather1",
      "weather123",
    ];
    for (const password of common)
      for (const variant of [password, password[0]!.toUpperCase() + password.slice(1), password.toUpperCase()])
        expect(await newPasswordProblem(variant), variant).toMatch(PASSWORD_STRENGTH_MESSAGES.weak);
  });

  it("accepts a long unusual passphrase, and counts the user's own name and e-mail as known words", async () => {
    expect(await newPasswordProblem("Tr1cky-Fjord-Lantern")).toBeNull();
    expect(await newPasswordProblem("oyelaran1990")).toBeNull();
    expect(
      await newPasswordProblem("oyelaran1990", ["margarethe.oyelaran@example.com", "Margarethe", "Oyelaran"]),
    ).not.toBeNull();
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
