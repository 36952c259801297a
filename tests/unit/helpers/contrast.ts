/**
 * WCAG contrast of CSS oklch() colours, for checking the theme's pairs without a browser: oklch → OKLab → linear
 * sRGB (clipped to the gamut), alpha composited in gamma-encoded sRGB like browsers do, then relative luminance.
 */
import fs from "node:fs";
import path from "node:path";

export type Rgb = readonly [number, number, number];

const OKLCH = /oklch\(\s*([\d.]+)(%?)\s+([\d.]+)\s+([\d.]+)\s*\)/;

function toGamma(c: number): number {
  const v = Math.min(1, Math.max(0, c));
  return v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
}

function toLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** An `oklch(L C H)` value as gamma-encoded sRGB in 0..1. */
export function oklchToRgb(css: string): Rgb {
  const m = OKLCH.exec(css);
  if (!m) throw new Error(`not an oklch() colour: ${css}`);
  const L = Number(m[1]) / (m[2] === "%" ? 100 : 1);
  const C = Number(m[3]);
  const h = (Number(m[4]) * Math.PI) / 180;
  const a = C * Math.cos(h);
  const b = C * Math.sin(h);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const mm = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    toGamma(4.0767416621 * l - 3.3077115913 * mm + 0.2309699292 * s),
    toGamma(-1.2684380046 * l + 2.6097574011 * mm - 0.3413193965 * s),
    toGamma(-0.0041960863 * l - 0.7034186147 * mm + 1.707614701 * s),
  ];
}

/** `top` at `alpha` over `bottom` (Tailwind's bg-x/NN). */
export function over(top: Rgb, alpha: number, bottom: Rgb): Rgb {
  return [0, 1, 2].map((i) => top[i]! * alpha + bottom[i]! * (1 - alpha)) as unknown as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  return 0.2126 * toLinear(r) + 0.7152 * toLinear(g) + 0.0722 * toLinear(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour tokens of components/ui/theme-tokens.css for one theme (:root is light, .dark is dark). */
export function themeTokens(theme: "light" | "dark"): Record<string, Rgb> {
  const css = fs.readFileSync(path.resolve("components/ui/theme-tokens.css"), "utf8");
  const block = new RegExp(`${theme === "light" ? ":root" : "\\.dark"}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? "";
  const tokens: Record<string, Rgb> = {};
  for (const [, name, value] of block.matchAll(/--([\w-]+):\s*(oklch\([^)]*\))/g)) tokens[name!] = oklchToRgb(value!);
  return tokens;
}

/** A colour of Tailwind's default palette, e.g. "emerald-700". */
export function paletteColor(name: string): Rgb {
  const css = fs.readFileSync(path.resolve("node_modules/tailwindcss/theme.css"), "utf8");
  const value = new RegExp(`--color-${name}:\\s*(oklch\\([^)]*\\))`).exec(css)?.[1];
  if (!value) throw new Error(`no Tailwind colour ${name}`);
  return oklchToRgb(value);
}
