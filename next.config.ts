import { randomBytes } from "node:crypto";
import { withSerwist } from "@serwist/turbopack";
import type { NextConfig } from "next";

// One id per build, shared by the build's processes through the environment: scripts/build.mjs sets it from the
// sources; a bare `next build` gets a random one. The browser bundle carries it (NEXT_PUBLIC_BUILD_ID) and the build
// writes it to /build-version.json, which open pages poll to learn that a newer build is being served.
const buildId = (process.env.KEWL_BUILD_ID ||= `b${randomBytes(6).toString("hex")}`);
const noCache = [{ key: "Cache-Control", value: "no-cache" }];

const nextConfig: NextConfig = {
  // These read files or native code at run time and must share the process's single instance.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "drizzle-orm",
    "ioredis",
    "@dicebear/core",
    "@dicebear/collection",
  ],
  poweredByHeader: false,
  // `npm run dev` opened at http://127.0.0.1:PORT: Next 16 refuses dev resources (HMR) to origins not listed.
  allowedDevOrigins: ["127.0.0.1"],
  reactStrictMode: true,
  // A second build beside the first (the update test serves one, then the other, on one origin).
  distDir: process.env.KEWL_DIST_DIR || ".next",
  generateBuildId: () => buildId,
  env: { NEXT_PUBLIC_BUILD_ID: buildId },
  // The worker is built by a static route (app/serwist/[path]/route.ts) and served at the root for scope "/".
  async rewrites() {
    return [
      { source: "/sw.js", destination: "/serwist/sw.js" },
      { source: "/sw.js.map", destination: "/serwist/sw.js.map" },
    ];
  },
  typedRoutes: false,
  // `npm test` type-checks the sources in a stage of its own, then builds them two or three times: those builds skip
  // the same check (about 40 s each on 2 cores). A build outside the tests (npm run build, npm start) still checks.
  typescript: { ignoreBuildErrors: process.env.KEWL_BUILD_SKIP_TYPECHECK === "1" },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
        ],
      },
      { source: "/sw.js", headers: noCache },
      { source: "/serwist/:path*", headers: noCache },
      { source: "/build-version.json", headers: noCache },
    ];
  },
};

export default withSerwist(nextConfig);
