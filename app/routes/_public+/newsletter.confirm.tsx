import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { isAppError } from "~/services/http/errors.server";
import { confirmNewsletter } from "~/services/content/forms/newsletter.server";
import { pageTitle } from "~/utils/meta";
import type { RouteHandle } from "~/root";

/** Static text: nothing here needs script. */
export const handle: RouteHandle = { hydrate: false };
export const meta: MetaFunction = () => [
  { title: pageTitle("Newsletter subscription") },
  { name: "robots", content: "noindex" },
];

/** Landing page of the double opt-in link: confirms the subscription when opened. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  try {
    const { message } = await confirmNewsletter(token);
    return json({ ok: true, message }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return json(
      { ok: false, message: error.message },
      { status: error.status, headers: { "Cache-Control": "no-store" } },
    );
  }
}

export default function NewsletterConfirm() {
  const { ok, message } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{ok ? "Subscription confirmed" : "We could not confirm this subscription"}</h1>
      <p
        role={ok ? "status" : "alert"}
        className={`mt-4 rounded-md p-4 ${ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900"}`}
      >
        {message}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/blog" className="btn-primary">
          Read the blog
        </Link>
        {ok ? null : (
          <Link to="/?newsletter=1" className="btn-secondary">
            Subscribe again
          </Link>
        )}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
