import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";

/** Shell for the blank-layout text pages: title, optional date line, prose, a link home. */
export function StaticPage({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  return (
    <main>
      <Link href="/" className="text-sm font-semibold text-primary">
        ← Kewl
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      {updated ? <p className="mt-1 text-sm text-muted-foreground">Last updated {updated}</p> : null}
      <div className="mt-6 space-y-4 leading-7 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold">{children}</div>
    </main>
  );
}
