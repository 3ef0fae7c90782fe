/**
 * How strong a new password must be. The score is zxcvbn's estimate of guesses (0 too guessable … 4 very
 * unguessable); 3 is "safely unguessable" against an online attack with a slow hash, and refuses "Password123!",
 * "qwertyuiop12" and "aaaaaaaaaaaa", which pass any length-and-character-class rule.
 */
export const PASSWORD_MIN_SCORE = 3;

/** The demo accounts' password is printed in the README: a production server refuses it as a new password. */
export const DEMO_PASSWORD = "Demo-password-2026";

export const PASSWORD_STRENGTH_MESSAGES = {
  weak: "This password is too easy to guess. Use a longer phrase of unrelated words, or mix in uncommon words and symbols.",
  demo: "This is the demo password printed in our README, so anyone could guess it. Choose a password of your own.",
} as const;

/** The refusal for a password of this score (and whether it is the demo password), or null when it is good. */
export function passwordStrengthProblem(input: {
  score: number;
  warning?: string | null;
  isDemoPassword: boolean;
}): string | null {
  if (input.isDemoPassword) return PASSWORD_STRENGTH_MESSAGES.demo;
  if (input.score >= PASSWORD_MIN_SCORE) return null;
  return input.warning ? `${PASSWORD_STRENGTH_MESSAGES.weak} (${input.warning})` : PASSWORD_STRENGTH_MESSAGES.weak;
}
