import type { Config } from "tailwindcss";
import { TOAST_DURATION_MS } from "./app/domain/forms/toast";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef8f6",
          100: "#d5eee9",
          500: "#1b8a78",
          600: "#147062",
          700: "#0f5a4f",
          900: "#0b332d",
        },
      },
      // One type scale for the signed-in pages: a page title, a section heading, body text and captions.
      fontSize: {
        title: ["1.5rem", { lineHeight: "2rem", fontWeight: "700" }],
        heading: ["1.125rem", { lineHeight: "1.75rem", fontWeight: "600" }],
        body: ["0.9375rem", { lineHeight: "1.5rem" }],
        caption: ["0.75rem", { lineHeight: "1rem" }],
      },
      // One spacing scale: inside a card, between items of a stack, between sections of a page.
      spacing: {
        card: "1.25rem",
        stack: "1rem",
        section: "2rem",
      },
      // The no-script toast banner leaves after the toast time without JavaScript, so it never covers the header.
      keyframes: {
        "toast-out": { to: { opacity: "0", visibility: "hidden" } },
      },
      animation: {
        "toast-out": `toast-out 300ms ease-in ${TOAST_DURATION_MS}ms forwards`,
      },
      fontFamily: {
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
      },
    },
  },
  plugins: [],
} satisfies Config;
