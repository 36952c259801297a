import type { Config } from "tailwindcss";

/**
 * The Tailwind theme, loaded by app/globals.css with `@config` (Tailwind 4 reads no config file on its own).
 * Colours point at the CSS variables of components/ui/theme-tokens.css, which switch with `.dark`. Tailwind 4
 * inlines a JS config's values into the utilities (no --color-* or --animate-* variables): CSS that needs a colour
 * uses the raw variable, e.g. var(--ring). Fonts, radii and breakpoints are Tailwind's defaults (`sm` is the 640px
 * of components/ui/breakpoints.ts).
 */
const config = {
  // `dark:` applies on and inside an element with class "dark" (the <html> of a dark page)
  darkMode: "selector",
  theme: {
    extend: {
      colors: {
        background: "var(--background)",
        foreground: "var(--foreground)",
        muted: { DEFAULT: "var(--muted)", foreground: "var(--muted-foreground)" },
        card: "var(--card)",
        border: "var(--border)",
        primary: { DEFAULT: "var(--primary)", foreground: "var(--primary-foreground)" },
        destructive: { DEFAULT: "var(--destructive)", foreground: "var(--destructive-foreground)" },
        ring: "var(--ring)",
      },
      animation: {
        "fade-in": "fade-in 150ms ease-out",
        "fade-out": "fade-out 150ms ease-in",
        "dialog-in": "dialog-in 180ms cubic-bezier(0.16, 1, 0.3, 1)",
        "toast-in": "toast-in 220ms cubic-bezier(0.16, 1, 0.3, 1)",
        "toast-swipe-out": "toast-swipe-out 150ms ease-out",
      },
      keyframes: {
        "fade-in": { from: { opacity: "0" } },
        "fade-out": { to: { opacity: "0" } },
        "dialog-in": { from: { opacity: "0", scale: "0.96" } },
        "toast-in": { from: { opacity: "0", transform: "translateY(100%)" } },
        "toast-swipe-out": {
          from: { translate: "var(--radix-toast-swipe-end-x) 0" },
          to: { translate: "100% 0", opacity: "0" },
        },
      },
    },
  },
} satisfies Config;

export default config;
