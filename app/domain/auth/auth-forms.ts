import { z } from "zod";
import { AUTH_MESSAGES } from "./auth";
import { field, passwordField } from "../forms/validation";

export const AUTH_VIEWS = ["login", "signup", "confirm", "forgot", "reset"] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];

export function parseAuthView(value: string | null | undefined): AuthView {
  return (AUTH_VIEWS as readonly string[]).includes(value ?? "") ? (value as AuthView) : "login";
}

export const LoginSchema = z.object({
  intent: z.literal("login"),
  email: field.email(),
  password: field.required(),
  redirectTo: z.string().optional(),
});

export const SignupSchema = z
  .object({
    intent: z.literal("signup"),
    firstName: field.text(1, 50),
    lastName: field.text(1, 50),
    email: field.email(),
    password: passwordField(),
    confirmPassword: field.required(),
    redirectTo: z.string().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: AUTH_MESSAGES.passwordsDiffer,
  });

/** The e-mailed link's page: one button, so a mail scanner opening the link creates nothing. */
export const ConfirmSignupSchema = z.object({
  intent: z.literal("confirm_signup"),
  token: field.required(),
});

export const ForgotPasswordSchema = z.object({
  intent: z.literal("forgot"),
  email: field.email(),
});

export const ResetPasswordSchema = z
  .object({
    intent: z.literal("reset"),
    token: field.required(),
    password: passwordField(),
    confirmPassword: field.required(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: AUTH_MESSAGES.passwordsDiffer,
  });

export const AuthActionSchema = z.discriminatedUnion("intent", [
  LoginSchema,
  SignupSchema.innerType(),
  ConfirmSignupSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema.innerType(),
]);

export const ChangePasswordSchema = z
  .object({
    currentPassword: field.required(),
    password: passwordField(),
    confirmPassword: field.required(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: AUTH_MESSAGES.passwordsDiffer,
  });
