import type { ReactNode } from "react";

/** No chrome at all: full-bleed event pages. */
export default function EmptyLayout({ children }: { children: ReactNode }) {
  return children;
}
