import { Form, Link, useLocation } from "@remix-run/react";
import { Modal, withoutParams } from "~/components/ui/modal";
import { INTRO_TOUR_SLIDES } from "~/domain/dashboard-nav";

export const INTRO_TOUR_ACTION = "/intro-tour";
export const TOUR_QUERY = "tour";

export function tourSlideFromSearch(search: string) {
  const n = Number(new URLSearchParams(search).get(TOUR_QUERY) ?? "1");
  return Number.isInteger(n) && n >= 1 && n <= INTRO_TOUR_SLIDES.length ? n : 1;
}

/** Eight slides; Next on the last one closes the tour and remembers that it was shown. */
export function IntroTour() {
  const location = useLocation();
  const slideNumber = tourSlideFromSearch(location.search);
  const slide = INTRO_TOUR_SLIDES[slideNumber - 1]!;
  const base = withoutParams(`${location.pathname}${location.search}`, TOUR_QUERY);
  const hrefFor = (n: number) => `${base}${base.includes("?") ? "&" : "?"}${TOUR_QUERY}=${n}`;
  const isLast = slideNumber === INTRO_TOUR_SLIDES.length;
  return (
    <Modal title={slide.title} size="md">
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
    </Modal>
  );
}
