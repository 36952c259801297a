"use client";

import { useState } from "react";
import { MarkdownLink } from "./markdown-link";

/**
 * An https image of a message: lazy, no referrer, at most the bubble's width and 20rem high. The pages' CSP only
 * lets images load from this site and the configured avatar hosts (so a reply cannot send what it knows to
 * another server through an image's URL); an image it blocks, or one that fails, becomes a link labelled with its
 * alt text.
 */
export function MarkdownImage({ src, alt, title }: { src: string; alt: string; title: string | null }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return <MarkdownLink href={src}>{alt || "Image"}</MarkdownLink>;
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a remote image of a message; next/image would proxy it
    <img
      src={src}
      alt={alt}
      title={title ?? undefined}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="inline-block h-auto max-h-80 w-auto max-w-full rounded-lg"
    />
  );
}
