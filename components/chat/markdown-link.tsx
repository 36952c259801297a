import type { ReactNode } from "react";

/** rel for links in user-generated text: no opener access, no referrer, no ranking credit. */
export const UGC_LINK_REL = "noopener noreferrer nofollow ugc";

/** A link of a message (its href already allowed: https only), opened in a new tab. */
export function MarkdownLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel={UGC_LINK_REL}
      className="font-medium wrap-anywhere text-primary underline underline-offset-2 outline-none hover:opacity-80 focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
    </a>
  );
}
