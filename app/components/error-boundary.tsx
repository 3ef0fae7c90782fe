import { Link, useRouteError } from "@remix-run/react";
import { Component, type ReactNode } from "react";
import { describeError, ERROR_MESSAGES } from "~/domain/forms/errors";

/** Error page: status, message, and ways out (home, back). Used by every route's ErrorBoundary. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  return (
    <ErrorPageGuard>
      <ErrorPage error={error} />
    </ErrorPageGuard>
  );
}

function ErrorPage({ error }: { error: unknown }) {
  const { status, message } = describeError(error);
  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-24 text-center"
    >
      <p className="text-6xl font-bold text-brand-600" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-4 text-2xl font-semibold">
        <span className="sr-only">Error {status}: </span>
        {message}
      </h1>
      <div className="mt-8 flex gap-3">
        <Link to="/" className="btn-primary">
          Go home
        </Link>
        <button type="button" className="btn-secondary" onClick={goBack}>
          Go back
        </button>
      </div>
    </main>
  );
}

function goBack() {
  if (window.history.length > 1) window.history.back();
  else window.location.assign("/");
}

class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (this.state.failed) {
      return (
        <main id="main" role="alert" className="p-8 text-center">
          {ERROR_MESSAGES.errorPageFailed}
        </main>
      );
    }
    return this.props.children;
  }
}
