import type { ReactNode } from "react";
import { BrandMark } from "@/components/brand-mark";
import { Link } from "@/components/ui/link";

/** Shell for the blank-layout text pages: the logo linking home, title, optional date line, prose. */
export function StaticPage({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  return (
    <main>
      <Link
        href="/"
        className="inline-flex items-center gap-2 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <BrandMark />
        <span className="bg-linear-to-r from-primary to-pink-500 bg-clip-text text-xl font-extrabold tracking-tight text-transparent">
          Kewl
        </span>
        {/* Named by its text, not aria-label: the name has to contain what is shown (WCAG 2.5.3). */}
        <span className="sr-only"> home</span>
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      {updated ? <p className="mt-1 text-sm text-muted-foreground">Last updated {updated}</p> : null}
      <div className="mt-6 space-y-4 leading-7 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold">{children}</div>
    </main>
  );
}
