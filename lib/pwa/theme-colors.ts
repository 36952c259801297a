/**
 * The site header's colour in each theme: `--background` of components/ui/theme-tokens.css as sRGB hex (the
 * header is that colour at 85% over the page, which is the same colour). The browser's title bar and the
 * installed app's window take it from the page's `theme-color` meta tags and the web manifest.
 */
export const THEME_COLORS = { light: "#fcfbfe", dark: "#0c0b13" } as const;
