import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { Suspense, type ReactNode } from "react";
import { Analytics } from "@/components/analytics/analytics";
import { AppProviders } from "@/components/app-providers";
import { ThemeScript } from "@/components/theme/theme-script";
import { BUILD_ID } from "@/lib/pwa/build-version";
import { THEME_COLORS } from "@/lib/pwa/theme-colors";
import { getConfig } from "@/server/config";
import { publicBaseUrl } from "@/server/public-base-url";
import "./globals.css";

const baseMetadata: Metadata = {
  title: { default: "Kewl: chat with AI characters", template: "%s · Kewl" },
  description: "Browse, create and chat with AI characters. Fantasy heroes, mentors, companions and more.",
  applicationName: "Kewl",
  manifest: "/manifest.webmanifest",
  icons: {
    icon: [
      { url: "/icons/icon.svg", type: "image/svg+xml" },
      { url: "/icons/icon-192.png", sizes: "192x192" },
    ],
    apple: { url: "/icons/apple-touch-icon.png", sizes: "180x180" },
  },
  appleWebApp: { capable: true, title: "Kewl", statusBarStyle: "default" },
  // Which build rendered the page (the update test reads it; so can an operator checking a deploy).
  other: { "kewl-build": BUILD_ID },
};

/**
 * Every relative URL in metadata (canonical, Open Graph, share images) is made absolute on PUBLIC_BASE_URL, else
 * http://localhost:{PORT} like every other link the server makes: never on the request's Host header.
 */
export function generateMetadata(): Metadata {
  return { ...baseMetadata, metadataBase: new URL(publicBaseUrl(getConfig())) };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: THEME_COLORS.light },
    { media: "(prefers-color-scheme: dark)", color: THEME_COLORS.dark },
  ],
};

/**
 * Reads the request's CSP nonce (set by proxy.ts), which also renders every page per request: a page prerendered
 * at build time could carry no nonce, and its scripts would be blocked.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript nonce={nonce} />
      </head>
      <body className="min-h-dvh">
        <AppProviders>{children}</AppProviders>
        <Suspense fallback={null}>
          <Analytics serverUrl={getConfig().ANALYTICS_SERVER_URL ?? null} />
        </Suspense>
      </body>
    </html>
  );
}
