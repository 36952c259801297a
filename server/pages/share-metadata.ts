import type { Metadata } from "next";

export const SITE_NAME = "Kewl";
/** The brand card (app/share-card.png/route.tsx), for pages without a share image of their own. */
export const DEFAULT_SHARE_IMAGE = {
  url: "/share-card.png",
  width: 1200,
  height: 630,
  alt: "Kewl: chat with AI characters",
};

export interface ShareInput {
  /** The site path, which is also the canonical URL (made absolute on PUBLIC_BASE_URL by the root metadataBase). */
  path: string;
  /** The page's own title: the root layout's template adds " · Kewl" in the tab, the share tags get it here. */
  title: string;
  description: string;
  /** The title is the whole title (the home page): no template, no suffix. */
  absoluteTitle?: boolean;
  type?: "website" | "article" | "profile";
  /**
   * Pages whose segment has an opengraph-image route (character, tag, profile) leave this off: Next puts that
   * image in og:image and twitter:image. Others get the brand card.
   */
  ownImage?: boolean;
}

/**
 * Title, description, canonical URL, Open Graph and Twitter tags of a public page. Paths stay relative here; the
 * root layout's metadataBase (PUBLIC_BASE_URL, never the request's host) makes every one absolute.
 */
export function shareMetadata(input: ShareInput): Metadata {
  const shareTitle = input.absoluteTitle ? input.title : `${input.title} · ${SITE_NAME}`;
  const images = input.ownImage ? undefined : [DEFAULT_SHARE_IMAGE];
  return {
    title: input.absoluteTitle ? { absolute: input.title } : input.title,
    description: input.description,
    alternates: { canonical: input.path },
    openGraph: {
      type: input.type ?? "website",
      siteName: SITE_NAME,
      url: input.path,
      title: shareTitle,
      description: input.description,
      ...(images ? { images } : {}),
    },
    twitter: {
      card: "summary_large_image",
      title: shareTitle,
      description: input.description,
      ...(images ? { images } : {}),
    },
  };
}

/** A listing's path with its page number (page 1 has none), so each page is its own canonical URL. */
export function pagedPath(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}
