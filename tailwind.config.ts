import type { Config } from "tailwindcss";
import { TOAST_DURATION_MS } from "./app/domain/toast";

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
