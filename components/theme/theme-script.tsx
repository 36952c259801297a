import { THEME_STORAGE_KEY } from "@/stores/theme-store";

/**
 * Runs before first paint: reads the persisted theme (zustand persist JSON) and prefers-color-scheme,
 * and sets the `dark` class on <html>. Kept tiny and dependency-free; any error leaves the light theme.
 */
const THEME_SCRIPT = `(function(){try{var t="system",r=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)});if(r){var s=JSON.parse(r);s=s&&s.state&&s.state.theme;if(s==="light"||s==="dark"||s==="system")t=s}var d=t==="dark"||(t==="system"&&window.matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d)}catch(e){}})();`;

/**
 * Put inside <head> of the root layout (and give <html> `suppressHydrationWarning`). The page's CSP runs inline
 * scripts only with the request's nonce.
 */
export function ThemeScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />;
}
