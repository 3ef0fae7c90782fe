import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ERROR_MESSAGES } from "~/domain/errors";

export function loader() {
  throw new Response(ERROR_MESSAGES.notFound, { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
