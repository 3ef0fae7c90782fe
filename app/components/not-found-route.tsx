import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ERROR_MESSAGES } from "~/domain/forms/errors";

/** Catch-all route module: unknown paths answer 404 with the spec's message inside their layout. */
export function loader(): never {
  throw new Response(ERROR_MESSAGES.notFound, { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
