import { Form, Link, useLocation } from "@remix-run/react";
import { useId } from "react";
import { withoutParams } from "~/components/ui/modal";
import { INTRO_TOUR_SLIDES } from "~/domain/dashboard/dashboard-nav";

export const INTRO_TOUR_ACTION = "/intro-tour";
export const TOUR_QUERY = "tour";

export function tourSlideFromSearch(search: string) {
  const n = Number(new URLSearchParams(search).get(TOUR_QUERY) ?? "1");
  return Number.isInteger(n) && n >= 1 && n <= INTRO_TOUR_SLIDES.length ? n : 1;
}

/**
 * Eight slides; Next on the last one closes the tour and remembers that it was shown. A non-modal panel in a corner
 * (no overlay, no focus trap): the page under it stays usable, Cart and Scan included.
 */
export function IntroTour() {
  const location = useLocation();
  const slideNumber = tourSlideFromSearch(location.search);
  const slide = INTRO_TOUR_SLIDES[slideNumber - 1]!;
  const base = withoutParams(`${location.pathname}${location.search}`, TOUR_QUERY);
  const hrefFor = (n: number) => `${base}${base.includes("?") ? "&" : "?"}${TOUR_QUERY}=${n}`;
  const isLast = slideNumber === INTRO_TOUR_SLIDES.length;
  const titleId = useId();
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="intro-tour"
      className="fixed inset-x-2 bottom-2 z-30 max-h-[45vh] overflow-y-auto rounded-lg border border-slate-200 bg-white p-4 shadow-xl sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-[24rem]"
    >
      <h2 id={titleId} className="mb-2 text-lg font-semibold">
        {slide.title}
      </h2>
      <p className="text-slate-700">{slide.body}</p>
      <p className="mt-4 text-sm text-slate-500" aria-live="polite">
        Slide {slideNumber} of {INTRO_TOUR_SLIDES.length}
      </p>
      <Form method="post" action={INTRO_TOUR_ACTION} className="mt-6 flex items-center justify-between gap-2">
        <input type="hidden" name="returnTo" value={base} />
        <button type="submit" className="text-sm text-slate-600 underline">
          Skip tour
        </button>
        <div className="flex gap-2">
          {slideNumber > 1 ? (
            <Link to={hrefFor(slideNumber - 1)} preventScrollReset replace className="btn-secondary">
              Back
            </Link>
          ) : null}
          {isLast ? (
            <button type="submit" className="btn-primary">
              Next
            </button>
          ) : (
            <Link to={hrefFor(slideNumber + 1)} preventScrollReset replace className="btn-primary">
              Next
            </Link>
          )}
        </div>
      </Form>
    </div>
  );
}
