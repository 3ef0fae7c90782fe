import { Link, type LinkProps } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";

/** The three kinds of action: the one main action of a form or view, the others, and the ones that destroy. */
export type ButtonVariant = "primary" | "secondary" | "danger";

const VARIANT_CLASS: Record<ButtonVariant, string> = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  danger: "btn-danger",
};

export function buttonClass(variant: ButtonVariant = "primary", className?: string) {
  return [VARIANT_CLASS[variant], className].filter(Boolean).join(" ");
}

export function Button({ variant = "primary", className, type = "button", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

/** A link that looks like a button: navigation that works without JavaScript. */
export function ButtonLink({ variant = "secondary", className, ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
