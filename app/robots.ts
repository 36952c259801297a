import type { MetadataRoute } from "next";
import { getConfig } from "@/server/config";
import { publicBaseUrl } from "@/server/public-base-url";

export const dynamic = "force-dynamic";

/**
 * Crawlers may read the public pages; not the API, the chat (a signed-in conversation), the creation page or the
 * payment and sign-in return pages. The sitemap is named on PUBLIC_BASE_URL.
 */
export default function robots(): MetadataRoute.Robots {
  const base = publicBaseUrl(getConfig());
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: ["/v1/", "/character/chat/", "/create", "/payment/", "/auth/", "/reset-password", "/search?"],
    },
    sitemap: `${base}/sitemap.xml`,
  };
}
