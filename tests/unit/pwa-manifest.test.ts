import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import manifest from "@/app/manifest";
import { THEME_COLORS } from "@/lib/pwa/theme-colors";
import { themeTokens, type Rgb } from "./helpers/contrast";

const hex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(c * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

describe("web manifest", () => {
  const m = manifest();

  it("has what Chromium needs to install the app", () => {
    expect(m).toMatchObject({ id: "/", scope: "/", display: "standalone", lang: "en", dir: "ltr" });
    expect(m.start_url?.startsWith("/")).toBe(true);
    const pngs = (m.icons ?? []).filter((i) => i.type === "image/png");
    for (const purpose of ["any", "maskable"]) {
      for (const size of ["192x192", "512x512"]) {
        expect(
          pngs.some((i) => i.purpose === purpose && i.sizes === size),
          `${purpose} ${size}`,
        ).toBe(true);
      }
    }
    const factors = (m.screenshots ?? []).map((s) => s.form_factor);
    expect(factors).toContain("wide");
    expect(factors).toContain("narrow");
    expect((m.shortcuts ?? []).map((s) => s.url)).toEqual(["/search", "/#continue-chatting"]);
  });

  it("takes its colours from the header of the light theme, like the page's theme-color for each scheme", () => {
    expect(THEME_COLORS.light).toBe(hex(themeTokens("light")["background"]!));
    expect(THEME_COLORS.dark).toBe(hex(themeTokens("dark")["background"]!));
    expect(m.theme_color).toBe(THEME_COLORS.light);
    expect(m.background_color).toBe(THEME_COLORS.light);
  });

  it("names PNG files in public/ of exactly the sizes it declares", async () => {
    const images = [
      ...(m.icons ?? []),
      ...(m.screenshots ?? []),
      ...(m.shortcuts ?? []).flatMap((s) => s.icons ?? []),
    ].filter((i) => i.type === "image/png");
    expect(images.length).toBeGreaterThanOrEqual(10);
    for (const image of images) {
      const meta = await sharp(path.resolve("public", `.${image.src}`)).metadata();
      expect(meta.format, image.src).toBe("png");
      expect(`${meta.width}x${meta.height}`, image.src).toBe(image.sizes);
    }
  });
});
