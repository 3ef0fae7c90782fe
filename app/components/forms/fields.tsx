import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter(Boolean);
  if (!shown?.length) return null;
  return (
    <ul id={id} className="field-error" role="alert">
      {shown.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

interface FieldProps {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string | null };
  errors?: ListOfErrors;
  hint?: ReactNode;
  className?: string;
}

export function Field({ label, inputProps, errors, hint, className }: FieldProps) {
  const fallbackId = useId();
  const { key, ...props } = inputProps;
  const id = props.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className ?? "mb-4"}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        key={key ?? undefined}
        id={id}
        className="field-input"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

interface TextareaFieldProps {
  label: ReactNode;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { key?: string | null };
  errors?: ListOfErrors;
  className?: string;
}

export function TextareaField({ label, textareaProps, errors, className }: TextareaFieldProps) {
  const fallbackId = useId();
  const { key, ...props } = textareaProps;
  const id = props.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={className ?? "mb-4"}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        key={key ?? undefined}
        id={id}
        className="field-input min-h-[8rem]"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        {...props}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

interface CheckboxFieldProps {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string | null };
  errors?: ListOfErrors;
  className?: string;
}

export function CheckboxField({ label, inputProps, errors, className }: CheckboxFieldProps) {
  const fallbackId = useId();
  const { key, ...props } = inputProps;
  const id = props.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={className ?? "mb-4"}>
      <div className="flex items-start gap-2">
        <input
          key={key ?? undefined}
          id={id}
          type="checkbox"
          className="mt-1 h-4 w-4 rounded border-slate-400 text-brand-600"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          {...props}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** Hidden from people and assistive tech; bots that fill every field give themselves away. */
export function HoneypotField({ name = "website" }: { name?: string }) {
  return (
    <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
      <label htmlFor={`hp-${name}`}>Leave this field empty</label>
      <input id={`hp-${name}`} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function SubmitButton({
  children,
  pending,
  className,
}: {
  children: ReactNode;
  pending?: boolean;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={className ?? "btn-primary w-full"}
      disabled={pending}
      aria-busy={pending || undefined}
    >
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
}

export function Spinner() {
  return (
    <svg className="h-4 w-4 animate-spin" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" fill="none" opacity="0.25" />
      <path d="M22 12a10 10 0 0 1-10 10" stroke="currentColor" strokeWidth="4" fill="none" />
    </svg>
  );
}

interface SelectFieldProps {
  id: string;
  name: string;
  label: ReactNode;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
  /** An extra first option, e.g. "World" for no filter. */
  emptyOption?: string;
}

export function SelectField({ id, name, label, options, defaultValue, emptyOption }: SelectFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className="field-input">
        {emptyOption !== undefined ? <option value="">{emptyOption}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The required terms box of every checkout; the hidden version is what the purchase records. */
export function TermsAcceptanceField({ termsVersion, errors }: { termsVersion: string; errors?: string[] }) {
  return (
    <>
      <input type="hidden" name="terms_version" value={termsVersion} />
      <CheckboxField
        label={
          <>
            I have read and accept the{" "}
            <a href="/terms" target="_blank" rel="noreferrer" className="underline">
              Terms &amp; Conditions
            </a>{" "}
            (version {termsVersion}).
          </>
        }
        inputProps={{ id: "terms", name: "terms", required: true }}
        errors={errors}
      />
    </>
  );
}
