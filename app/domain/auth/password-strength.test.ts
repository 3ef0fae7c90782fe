import { PASSWORD_MIN_SCORE, PASSWORD_STRENGTH_MESSAGES, passwordStrengthProblem } from "./password-strength";

describe("passwordStrengthProblem", () => {
  it("refuses scores under the minimum, with the estimator's hint", () => {
    expect(passwordStrengthProblem({ score: PASSWORD_MIN_SCORE - 1, isDemoPassword: false })).toBe(
      PASSWORD_STRENGTH_MESSAGES.weak,
    );
    expect(
      passwordStrengthProblem({ score: 0, warning: "Repeated characters are easy to guess.", isDemoPassword: false }),
    ).toContain("Repeated characters");
    expect(passwordStrengthProblem({ score: PASSWORD_MIN_SCORE, isDemoPassword: false })).toBeNull();
  });

  it("refuses the demo password whatever its score", () => {
    expect(passwordStrengthProblem({ score: 4, isDemoPassword: true })).toBe(PASSWORD_STRENGTH_MESSAGES.demo);
  });
});
