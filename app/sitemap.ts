import type { MetadataRoute } from "next";
import { SITE_PAGES } from "@/lib/site/site-pages";
import { getConfig } from "@/server/config";
import { getProcessDatabase } from "@/server/db/process-database";
import { sitemapEntries } from "@/server/modules/catalogue/sitemap-entries";
import { publicBaseUrl } from "@/server/public-base-url";

// Read from the database on each request (cached briefly by the catalogue cache), never at build time.
export const dynamic = "force-dynamic";

/** The public pages, on PUBLIC_BASE_URL: home, the text pages, tags, public characters and their creators. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = publicBaseUrl(getConfig());
  const { characters, tags, profiles } = await sitemapEntries(getProcessDatabase().db);
  return [
    { url: `${base}/`, changeFrequency: "daily", priority: 1 },
    ...SITE_PAGES.map((p) => ({ url: `${base}${p.href}`, changeFrequency: "monthly" as const, priority: 0.3 })),
    ...tags.map((key) => ({ url: `${base}/tag/${encodeURIComponent(key)}`, changeFrequency: "daily" as const })),
    ...characters.map((c) => ({ url: `${base}/character/${c.id}`, lastModified: c.updatedAt })),
    ...profiles.map((p) => ({
      url: `${base}/profile/${encodeURIComponent(p.key)}`,
      ...(p.updatedAt ? { lastModified: p.updatedAt } : {}),
    })),
  ];
}
