/** Session cookie constants (spec §9). */
export const SESSION_COOKIE_NAME = "weather_token";
export const SESSION_MAX_AGE_SECONDS = 604_800;

export const PASSWORD_RESET_TTL_MINUTES = 60;

export const LOGIN_LIMITS = {
  windowMinutes: 15,
  perAccount: 5,
  perIp: 30,
} as const;

export const AUTH_MESSAGES = {
  unknownEmail: "No account uses this e-mail address. Check it or sign up.",
  wrongPassword: "The password is incorrect. Try again or reset it.",
  emailTaken: "An account with this e-mail address already exists. Log in instead.",
  tooManyAttempts: (minutes: number) => `Too many login attempts. Please try again in ${minutes} minutes.`,
  passwordsDiffer: "The two passwords do not match",
  resetSent: "We have e-mailed you a link to reset your password. It is valid for 60 minutes.",
  resetInvalid: "This password reset link is not valid. Request a new one.",
  resetExpired: "This password reset link has expired. Request a new one.",
  resetUsed: "This password reset link has already been used. Request a new one.",
  passwordChanged: "Your password has been changed. Please log in.",
  loggedIn: "Welcome back",
  signedUp: "Your account is ready",
  loggedOut: "You have been logged out",
} as const;

/** Confirmations shown inside the login page after a redirect (a toast alone is gone after 5 s). */
export const AUTH_NOTICES = {
  "reset-sent": AUTH_MESSAGES.resetSent,
  "password-changed": AUTH_MESSAGES.passwordChanged,
} as const;
export type AuthNotice = keyof typeof AUTH_NOTICES;

export function parseAuthNotice(value: string | null | undefined): AuthNotice | undefined {
  return value && Object.hasOwn(AUTH_NOTICES, value) ? (value as AuthNotice) : undefined;
}

/** Only same-site relative paths may be used as a post-login destination. */
export function safeRedirectPath(target: unknown, fallback = "/dashboard"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) {
    return fallback;
  }
  if (target.startsWith("/dashboard/login")) return fallback;
  return target;
}
