import type { MetadataRoute } from "next";
import { THEME_COLORS } from "@/lib/pwa/theme-colors";

const png = (src: string, size: number, purpose: "any" | "maskable") =>
  ({ src, sizes: `${size}x${size}`, type: "image/png", purpose }) as const;

/**
 * The web manifest (/manifest.webmanifest). Icons and screenshots are files in public/, made by
 * scripts/make-icons.mjs and scripts/crop-screenshots.mjs. One theme colour only: the light header's, as the
 * light theme is the default; the page's theme-color meta tags give each colour scheme its own.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: "Kewl: chat with AI characters",
    short_name: "Kewl",
    description: "Browse, create and chat with AI characters.",
    lang: "en",
    dir: "ltr",
    // The query tells an installed launch apart from a visit; the home page ignores it.
    start_url: "/?source=pwa",
    scope: "/",
    display: "standalone",
    background_color: THEME_COLORS.light,
    theme_color: THEME_COLORS.light,
    categories: ["entertainment", "social", "lifestyle"],
    icons: [
      { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
      png("/icons/icon-192.png", 192, "any"),
      png("/icons/icon-512.png", 512, "any"),
      png("/icons/icon-maskable-192.png", 192, "maskable"),
      png("/icons/icon-maskable-512.png", 512, "maskable"),
    ],
    screenshots: [
      {
        src: "/screenshots/home-wide-light.png",
        sizes: "1280x720",
        type: "image/png",
        form_factor: "wide",
        label: "Popular characters on the home page",
      },
      {
        src: "/screenshots/home-wide-dark.png",
        sizes: "1280x720",
        type: "image/png",
        form_factor: "wide",
        label: "The home page in the dark theme",
      },
      {
        src: "/screenshots/home-narrow-light.png",
        sizes: "390x844",
        type: "image/png",
        form_factor: "narrow",
        label: "Popular characters on a phone",
      },
      {
        src: "/screenshots/home-narrow-dark.png",
        sizes: "390x844",
        type: "image/png",
        form_factor: "narrow",
        label: "The home page on a phone, dark theme",
      },
    ],
    shortcuts: [
      {
        name: "Search characters",
        short_name: "Search",
        url: "/search",
        icons: [{ src: "/icons/shortcut-search-96.png", sizes: "96x96", type: "image/png" }],
      },
      {
        // The signed-in user's recent chats are the home page's "Continue chatting" row.
        name: "Recent chats",
        short_name: "Chats",
        url: "/#continue-chatting",
        icons: [{ src: "/icons/shortcut-chats-96.png", sizes: "96x96", type: "image/png" }],
      },
    ],
  };
}
