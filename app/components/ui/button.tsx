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
