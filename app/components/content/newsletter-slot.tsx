import { NewsletterBox } from "~/components/forms/newsletter-form";

/** The blog's newsletter subscribe box. */
export function NewsletterSlot() {
  return (
    <div id="newsletter-slot" className="mt-10">
      <NewsletterBox />
    </div>
  );
}
