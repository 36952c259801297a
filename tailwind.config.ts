// Tailwind CSS 4 is configured in CSS (app/globals.css and components/ui/theme-tokens.css, via @theme).
// This file exists for editors and tools that look for it; Tailwind 4 loads it only through @config.
const config = { content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"], darkMode: "class" as const };
export default config;
