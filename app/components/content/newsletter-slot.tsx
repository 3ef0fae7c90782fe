import { NewsletterBox } from "~/components/forms/newsletter-form";

/** The blog's newsletter subscribe box (spec §2: "newsletter subscribe box on the blog"). */
export function NewsletterSlot() {
  return (
    <div id="newsletter-slot" className="mt-10">
      <NewsletterBox />
    </div>
  );
}
