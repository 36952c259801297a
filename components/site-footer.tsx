"use client";

import { usePathname } from "next/navigation";
import { BrandMark } from "@/components/brand-mark";
import { Link } from "@/components/ui/link";
import { SITE_PAGES } from "@/lib/site/site-pages";

const CHAT_ROUTE = /^\/character\/chat\//;

/**
 * The default layout's footer: the text pages, the blog article and the current event. Left out on the chat
 * route, whose fixed viewport fills the window down to the composer (a footer there would only add a page scroll
 * behind it).
 */
export function SiteFooter() {
  const pathname = usePathname();
  if (pathname && CHAT_ROUTE.test(pathname)) return null;
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <BrandMark className="size-6 rounded-md text-xs" />
          Kewl · chat with AI characters
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-1 gap-y-1 text-sm">
            {SITE_PAGES.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  prefetch={false}
                  className="inline-block rounded-md px-2 py-1.5 text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
