import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { CheckboxField, ErrorList, Field, Spinner, TextareaField } from "~/components/forms/fields";
import { CONTENT_TYPES, FAQ_CATEGORIES, type ContentType } from "~/domain/content/content";
import { Prose } from "./prose";

type Kind = "text" | "date" | "number" | "markdown" | "textarea" | "topic" | "category";
interface FieldDef {
  name: string;
  label: string;
  kind: Kind;
  hint?: string;
}

const BODY_HINT = "Markdown: ## for headings, **bold**, - for lists, [text](/path) for links. Scripts and raw styles are removed.";

/** The fields of each content type's form, in display order (schemas live in app/domain/content/content.ts). */
const FIELDS: Record<ContentType, FieldDef[]> = {
  posts: [
    { name: "title", label: "Title", kind: "text" },
    { name: "topicId", label: "Topic", kind: "topic" },
    { name: "author", label: "Author", kind: "text" },
    { name: "publishedAt", label: "Publication date", kind: "date" },
    { name: "description", label: "Description", kind: "textarea", hint: "Up to 160 characters; shown on list cards and to search engines." },
    { name: "imageAlt", label: "Image description (optional)", kind: "text" },
    { name: "body", label: "Article", kind: "markdown", hint: BODY_HINT },
  ],
  topics: [
    { name: "title", label: "Title", kind: "text" },
    { name: "description", label: "Description", kind: "textarea" },
    { name: "sortOrder", label: "Menu order", kind: "number" },
    { name: "body", label: "Introduction", kind: "markdown", hint: BODY_HINT },
  ],
  faq: [
    { name: "question", label: "Question", kind: "text" },
    { name: "category", label: "Category", kind: "category" },
    { name: "sortOrder", label: "Display order", kind: "number" },
    { name: "body", label: "Answer", kind: "markdown", hint: BODY_HINT },
  ],
  news: [
    { name: "title", label: "Title", kind: "text" },
    { name: "publishedAt", label: "Publication date", kind: "date" },
    { name: "description", label: "Description", kind: "textarea", hint: "Up to 160 characters." },
    { name: "body", label: "Announcement", kind: "markdown", hint: BODY_HINT },
  ],
  team: [
    { name: "name", label: "Name", kind: "text" },
    { name: "role", label: "Role", kind: "text" },
    { name: "initials", label: "Initials", kind: "text", hint: "Shown instead of a photo." },
    { name: "location", label: "Location", kind: "text" },
    { name: "sortOrder", label: "Display order", kind: "number" },
    { name: "body", label: "Biography", kind: "markdown", hint: BODY_HINT },
  ],
};

interface EditorProps {
  type: ContentType;
  defaultValue: Record<string, unknown>;
  topics: { id: number; title: string }[];
  lastResult?: SubmissionResult<string[]> | null;
  previewHtml?: string | null;
}

/** One form per content type; a plain POST form, so it works without JavaScript. */
export function ContentEditor({ type, defaultValue, topics, lastResult, previewHtml }: EditorProps) {
  const schema = CONTENT_TYPES[type].schema;
  const [form, fields] = useForm({
    id: `content-${type}`,
    lastResult,
    defaultValue: stringify(defaultValue),
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const navigation = useNavigation();
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const all = fields as unknown as Record<string, Parameters<typeof getInputProps>[0]>;

  return (
    <Form method="post" {...getFormProps(form)} className="max-w-3xl">
      <ErrorList id={form.errorId} errors={form.errors} />
      {FIELDS[type].map((def) => {
        const meta = all[def.name]!;
        switch (def.kind) {
          case "text":
          case "date":
          case "number":
            return (
              <Field
                key={def.name}
                label={def.label}
                hint={def.kind === "date" ? "YYYY-MM-DD" : def.hint}
                inputProps={getInputProps(meta, { type: def.kind === "number" ? "number" : def.kind === "date" ? "date" : "text" })}
                errors={meta.errors}
              />
            );
          case "textarea":
          case "markdown":
            return (
              <div key={def.name}>
                <TextareaField
                  label={def.label}
                  textareaProps={{ ...getTextareaProps(meta as never), rows: def.kind === "markdown" ? 18 : 3, className: `field-input ${def.kind === "markdown" ? "font-mono" : ""}` }}
                  errors={meta.errors}
                />
                {def.hint ? <p className="-mt-3 mb-4 text-xs text-slate-600">{def.hint}</p> : null}
              </div>
            );
          case "topic":
          case "category": {
            const options = def.kind === "topic" ? topics.map((t) => ({ value: String(t.id), label: t.title })) : FAQ_CATEGORIES.map((c) => ({ value: c, label: c }));
            return (
              <div key={def.name} className="mb-4">
                <label htmlFor={meta.id} className="field-label">
                  {def.label}
                </label>
                <select {...getSelectProps(meta as never)} className="field-input" aria-invalid={meta.errors?.length ? true : undefined} aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
                  <option value="">Choose…</option>
                  {options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
                <ErrorList id={meta.errorId} errors={meta.errors} />
              </div>
            );
          }
        }
        return null;
      })}
      <CheckboxField label="Published (visible on the public site)" inputProps={getInputProps(all.published!, { type: "checkbox" })} errors={all.published!.errors} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={submittingIntent === "save"} aria-busy={submittingIntent === "save" || undefined}>
          {submittingIntent === "save" ? <Spinner /> : null}
          Save
        </button>
        <button type="submit" name="intent" value="preview" className="btn-secondary" disabled={submittingIntent === "preview"} aria-busy={submittingIntent === "preview" || undefined}>
          Preview
        </button>
      </div>
      {previewHtml != null ? (
        <section aria-labelledby="preview-heading" className="mt-8 rounded-lg border border-dashed border-slate-300 p-6">
          <h2 id="preview-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            Preview
          </h2>
          <Prose html={previewHtml} className="mt-2" />
        </section>
      ) : null}
    </Form>
  );
}

/** Form default values are strings (checkboxes "on"), as a browser would submit them. */
function stringify(values: Record<string, unknown>) {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "boolean") {
      if (value) out[key] = "on";
    } else if (value != null) out[key] = String(value);
  }
  return out;
}
