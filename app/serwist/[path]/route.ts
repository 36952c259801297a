import { createSerwistRoute } from "@serwist/turbopack";
import { OFFLINE_PATH } from "@/lib/pwa/offline-routes";

// Built once at `next build` (a static route): the worker from app/sw.ts with the build's precache list.
export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: "app/sw.ts",
  useNativeEsbuild: true,
  // The app shell: the build's scripts and styles, and the icons; not every file of public/.
  globPatterns: [`${process.env.KEWL_DIST_DIR || ".next"}/static/**/*.{js,css,woff2}`, "public/icons/*.{svg,png}"],
  additionalPrecacheEntries: [{ url: OFFLINE_PATH, revision: process.env.NEXT_PUBLIC_BUILD_ID ?? null }],
});
