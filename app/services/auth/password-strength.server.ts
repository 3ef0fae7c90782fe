import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { DEMO_PASSWORD, passwordStrengthProblem } from "~/domain/auth/password-strength";
import { isProduction } from "~/env.server";

/** The estimator with its word lists (a few MB): loaded on the first password check, on the server only. */
let estimator: Promise<ZxcvbnFactory> | undefined;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  );
  return estimator;
}

/**
 * Why a new password (sign-up, reset, change) is refused, or null. The user's own e-mail and names count as known
 * words. The README's demo password is refused in production, where it would be everyone's first guess.
 */
export async function newPasswordProblem(password: string, userInputs: string[] = []): Promise<string | null> {
  const isDemoPassword = isProduction() && password === DEMO_PASSWORD;
  const zxcvbn = await loadEstimator();
  // zxcvbn is quadratic in the length; beyond 100 characters the tail adds nothing to its estimate.
  // The estimator matches whole lower-case words: "Ann.Lee@example.com" counts as "ann", "lee", "example", "com".
  const words = userInputs
    .flatMap((input) => input.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((w) => w.length >= 3);
  const result = zxcvbn.check(password.slice(0, 100), words);
  return passwordStrengthProblem({ score: result.score, warning: result.feedback.warning, isDemoPassword });
}
