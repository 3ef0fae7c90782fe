import { normaliseRedirectPath } from "../http/safe-redirect";

/** Session cookie constants. */
export const SESSION_COOKIE_NAME = "weather_token";
export const SESSION_MAX_AGE_SECONDS = 604_800;

export const PASSWORD_RESET_TTL_MINUTES = 60;
/** How long the link that finishes a sign-up works. */
export const SIGNUP_CONFIRM_TTL_MINUTES = 60;

/**
 * Failed logins lock one (account, client) pair, so a stranger cannot lock the owner out; a client that fails on
 * many accounts is locked as a whole; and every failure on an account past `slowDownAfter` (from anywhere) makes
 * the next attempt on it wait a little longer, up to `maxDelayMs`.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  perAccountAndClient: 5,
  perClient: 30,
  slowDownAfter: 10,
  delayStepMs: 250,
  maxDelayMs: 3_000,
} as const;

/** The wait before checking a password for an account with this many recent failures (from all clients). */
export function loginSlowDownMs(accountFailures: number): number {
  if (accountFailures < LOGIN_LIMITS.slowDownAfter) return 0;
  return Math.min(
    (accountFailures - LOGIN_LIMITS.slowDownAfter + 1) * LOGIN_LIMITS.delayStepMs,
    LOGIN_LIMITS.maxDelayMs,
  );
}

/** Reset requests: per address (also capped per recipient by the mailer) and per client. */
export const PASSWORD_RESET_LIMITS = { windowMinutes: 60, perEmail: 3, perClient: 10 } as const;
/** Sign-ups per client: "already exists" answers cannot be farmed to list our customers. */
export const SIGNUP_LIMITS = { windowMinutes: 60, perClient: 10 } as const;

export const AUTH_MESSAGES = {
  /** One answer for an unknown e-mail and a wrong password: a stranger cannot tell which accounts exist. */
  invalidCredentials: "The e-mail or password is incorrect. Try again, or reset your password.",
  wrongPassword: "The password is incorrect. Try again or reset it.",
  /** One answer for a new address and one that has an account: the mailbox's owner learns which, no one else. */
  signupSent:
    "Check your e-mail: we have sent a link to finish creating your account. It is valid for 60 minutes. If this address already has an account, the e-mail says so instead.",
  signupInvalid: "This link to finish creating an account is not valid. Sign up again.",
  signupExpired: "This link to finish creating an account has expired. Sign up again.",
  emailTaken: "An account with this e-mail address already exists. Log in instead.",
  tooManyAttempts: (minutes: number) => `Too many login attempts. Please try again in ${minutes} minutes.`,
  tooManyResets: (minutes: number) => `Too many password reset requests. Please try again in ${minutes} minutes.`,
  tooManySignups: (minutes: number) =>
    `Too many sign-up attempts from your connection. Please try again in ${minutes} minutes.`,
  passwordsDiffer: "The two passwords do not match",
  resetSent:
    "If an account uses this e-mail address, we have e-mailed it a link to reset the password. It is valid for 60 minutes.",
  resetInvalid: "This password reset link is not valid. Request a new one.",
  resetExpired: "This password reset link has expired. Request a new one.",
  resetUsed: "This password reset link has already been used. Request a new one.",
  passwordChanged: "Your password has been changed and your API keys have been revoked. Please log in.",
  passwordChangedSignedIn:
    "Your password has been changed. Other devices have been signed out and your API keys revoked: create a new key if you use the API.",
  loggedIn: "Welcome back",
  signedUp: "Your account is ready",
  loggedOut: "You have been logged out",
} as const;

/** Confirmations shown inside the login page after a redirect (a toast alone is gone after 5 s). */
export const AUTH_NOTICES = {
  "signup-sent": AUTH_MESSAGES.signupSent,
  "reset-sent": AUTH_MESSAGES.resetSent,
  "password-changed": AUTH_MESSAGES.passwordChanged,
} as const;
export type AuthNotice = keyof typeof AUTH_NOTICES;

/** Where the mail outbox page is read (README, e-mail): the page a server without SMTP keeps its e-mail on. */
export const MAIL_OUTBOX_PATH = "/dev/outbox";

/**
 * What a notice of an e-mail sent adds on a server with no mail server (no SMTP_URL): where the e-mail went and how
 * to open its link. `public`: anyone may read the outbox page; `admin`: only the administrator, and in production the
 * page hides the links' secrets; null: the e-mail really goes out.
 */
export function mailOutboxNote(outbox: "off" | "admin" | "public"): { text: string; href: string | null } | null {
  if (outbox === "off") return null;
  const where = `No mail server is set up on this server (SMTP_URL is not set), so the e-mail was not sent: it waits in the server's mail outbox at ${MAIL_OUTBOX_PATH}.`;
  return outbox === "public"
    ? {
        text: `${where} Open the outbox, find the message to your address and open the link in it.`,
        href: MAIL_OUTBOX_PATH,
      }
    : {
        text: `${where} Only the administrator can read the outbox, and it hides the links there: ask the administrator of this server to set up SMTP_URL (or, on a private demo, to set MAIL_OUTBOX_PAGE=public and run it in development mode) and sign up again.`,
        href: null,
      };
}

export function parseAuthNotice(value: string | null | undefined): AuthNotice | undefined {
  return value && Object.hasOwn(AUTH_NOTICES, value) ? (value as AuthNotice) : undefined;
}

/** Only same-site relative paths may be used as a destination (see normaliseRedirectPath); never the login page. */
export function safeRedirectPath(target: unknown, fallback = "/dashboard"): string {
  const path = normaliseRedirectPath(target);
  if (!path || path.startsWith("/dashboard/login")) return fallback;
  return path;
}
