import type { NextConfig } from "next";

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
  typedRoutes: false,
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
    ];
  },
};

export default nextConfig;
