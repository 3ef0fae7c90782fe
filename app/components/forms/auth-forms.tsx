import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import {
  ConfirmSignupSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ResetPasswordSchema,
  SignupSchema,
  type AuthView,
} from "~/domain/auth/auth-forms";
import { ErrorList, Field, SubmitButton } from "./fields";

export const AUTH_ACTION = "/dashboard/login";

interface AuthPanelProps {
  view: AuthView;
  lastResult?: SubmissionResult<string[]> | null;
  redirectTo?: string;
  resetToken?: string;
  resetTokenError?: string;
}

const TITLES: Record<AuthView, string> = {
  login: "Log in",
  signup: "Create your account",
  confirm: "Finish creating your account",
  forgot: "Reset your password",
  reset: "Choose a new password",
};

export function authViewTitle(view: AuthView) {
  return TITLES[view];
}

function viewHref(view: AuthView, redirectTo?: string) {
  const params = new URLSearchParams();
  if (view !== "login") params.set("view", view);
  if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return `${AUTH_ACTION}${query ? `?${query}` : ""}`;
}

/** The auth modal's content: log in, sign up, forgot and reset password, each a plain form. */
export function AuthPanel({ view, lastResult, redirectTo, resetToken, resetTokenError }: AuthPanelProps) {
  // Only show a previous submission's errors in the form that sent it.
  const result = lastResult && (lastResult.initialValue?.intent as unknown) === view ? lastResult : undefined;
  return (
    <div>
      {view === "login" ? <LoginForm lastResult={result} redirectTo={redirectTo} /> : null}
      {view === "signup" ? <SignupForm lastResult={result} redirectTo={redirectTo} /> : null}
      {view === "confirm" ? (
        resetTokenError || !resetToken ? (
          <div role="alert" className="rounded-md bg-red-50 p-4 text-red-900">
            <p>{resetTokenError}</p>
            <Link className="mt-2 inline-block font-semibold underline" to={viewHref("signup")}>
              Sign up again
            </Link>
          </div>
        ) : (
          <ConfirmSignupForm
            lastResult={
              lastResult && (lastResult.initialValue?.intent as unknown) === "confirm_signup" ? lastResult : undefined
            }
            token={resetToken}
          />
        )
      ) : null}
      {view === "forgot" ? <ForgotForm lastResult={result} /> : null}
      {view === "reset" ? (
        resetTokenError || !resetToken ? (
          <div role="alert" className="rounded-md bg-red-50 p-4 text-red-900">
            <p>{resetTokenError}</p>
            <Link className="mt-2 inline-block font-semibold underline" to={viewHref("forgot")}>
              Request a new link
            </Link>
          </div>
        ) : (
          <ResetForm lastResult={result} token={resetToken} />
        )
      ) : null}
      <nav aria-label="Account options" className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        {view !== "login" ? (
          <Link to={viewHref("login", redirectTo)} className="text-brand-700 underline">
            Already have an account? Log in
          </Link>
        ) : (
          <Link to={viewHref("signup", redirectTo)} className="text-brand-700 underline">
            New here? Create an account
          </Link>
        )}
        {view === "login" ? (
          <Link to={viewHref("forgot")} className="text-brand-700 underline">
            Forgot your password?
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function useAuthForm<Schema extends z.ZodTypeAny>(
  id: string,
  schema: Schema,
  lastResult?: SubmissionResult<string[]> | null,
) {
  return useForm({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

function LoginForm({ lastResult, redirectTo }: { lastResult?: SubmissionResult<string[]>; redirectTo?: string }) {
  const [form, fields] = useAuthForm("login-form", LoginSchema, lastResult);
  const pending = usePending("login");
  return (
    <Form method="post" action={viewHref("login", redirectTo)} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="login" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label="E-mail"
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        errors={fields.email.errors}
      />
      <Field
        label="Password"
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        errors={fields.password.errors}
      />
      <SubmitButton pending={pending}>Log in</SubmitButton>
    </Form>
  );
}

function SignupForm({ lastResult, redirectTo }: { lastResult?: SubmissionResult<string[]>; redirectTo?: string }) {
  const [form, fields] = useAuthForm("signup-form", SignupSchema, lastResult);
  const pending = usePending("signup");
  return (
    <Form method="post" action={viewHref("signup", redirectTo)} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="signup" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label="First name"
          inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
          errors={fields.firstName.errors}
        />
        <Field
          label="Last name"
          inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
          errors={fields.lastName.errors}
        />
      </div>
      <Field
        label="E-mail"
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        errors={fields.email.errors}
      />
      <Field
        label="Password"
        hint="At least 8 characters."
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.password.errors}
      />
      <Field
        label="Repeat password"
        inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.confirmPassword.errors}
      />
      <SubmitButton pending={pending}>Create account</SubmitButton>
    </Form>
  );
}

function ConfirmSignupForm({ lastResult, token }: { lastResult?: SubmissionResult<string[]>; token: string }) {
  const [form, fields] = useAuthForm("confirm-signup-form", ConfirmSignupSchema, lastResult);
  const pending = usePending("confirm_signup");
  return (
    <Form method="post" action={`${viewHref("confirm")}&token=${encodeURIComponent(token)}`} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="confirm_signup" />
      <input type="hidden" name="token" value={token} />
      <p className="mb-4 text-sm text-slate-700">
        Your e-mail address is confirmed by this link. Create the account to start.
      </p>
      <ErrorList id={form.errorId} errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]} />
      <SubmitButton pending={pending}>Create my account</SubmitButton>
    </Form>
  );
}

function ForgotForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useAuthForm("forgot-form", ForgotPasswordSchema, lastResult);
  const pending = usePending("forgot");
  return (
    <Form method="post" action={viewHref("forgot")} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="forgot" />
      <p className="mb-4 text-sm text-slate-700">
        Enter the e-mail address of your account and we will send you a link to choose a new password.
      </p>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label="E-mail"
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        errors={fields.email.errors}
      />
      <SubmitButton pending={pending}>Send reset link</SubmitButton>
    </Form>
  );
}

function ResetForm({ lastResult, token }: { lastResult?: SubmissionResult<string[]>; token: string }) {
  const [form, fields] = useAuthForm("reset-form", ResetPasswordSchema, lastResult);
  const pending = usePending("reset");
  return (
    <Form method="post" action={`${viewHref("reset")}&token=${encodeURIComponent(token)}`} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="token" value={token} />
      <ErrorList id={form.errorId} errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]} />
      <Field
        label="New password"
        hint="At least 8 characters."
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.password.errors}
      />
      <Field
        label="Repeat new password"
        inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.confirmPassword.errors}
      />
      <SubmitButton pending={pending}>Save new password</SubmitButton>
    </Form>
  );
}
