"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { BrandLink } from "@/components/brand-link";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { Button, buttonClassName } from "@/components/ui/button";
import { strokeIcon } from "@/components/ui/icons";
import { Link } from "@/components/ui/link";
import { trackClick, type TrackAttributes } from "@/lib/analytics/click-label";
import { useDialogStore } from "@/stores/dialog-store";

export interface SiteHeaderProps {
  /** Called by "Sign in"; defaults to opening the global login dialog. */
  onSignIn?: () => void;
  /** Called when the pointer or focus reaches "Sign in", before the click: a moment to prefetch the dialog. */
  onSignInIntent?: () => void;
  /** Rendered instead of "Sign in" when given (e.g. the signed-in user's menu). */
  account?: ReactNode;
  /** Rendered before the account (the plan and coin entries). */
  billing?: ReactNode;
}

type IconName = "home" | "search" | "create";

// SPEC §2 position labels: browsing is "explore", the way to the creation page "create_character".
const NAV: ReadonlyArray<{ href: string; label: string; icon: IconName; track: TrackAttributes }> = [
  { href: "/", label: "Home", icon: "home", track: trackClick("explore", "home") },
  { href: "/search", label: "Search", icon: "search", track: trackClick("explore", "search") },
  { href: "/create", label: "Create", icon: "create", track: trackClick("create_character", "header") },
];

const FOCUS = "outline-none focus-visible:ring-2 focus-visible:ring-ring";

function isActive(pathname: string | null, href: string): boolean {
  if (!pathname) return false;
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * Sticky site header: brand, nav, search, theme toggle, sign in. Nav becomes a second row below 640px. Below 768px
 * the row has no search box (the nav's Search leads to /search and its own box): the nav, Subscribe and Sign in
 * need the room, and with the box the row was 705px wide at 640px, Sign in off the screen (the billing entries and
 * the account show their words from 1024px, for the same reason). Below 640px the header gives way to the chat's
 * own on a page that shows the chat (CSS, so the server's HTML is already right; a chat route's 404 keeps it).
 */
export function SiteHeader({ onSignIn, onSignInIntent, account, billing }: SiteHeaderProps) {
  const pathname = usePathname();
  const signIn = onSignIn ?? (() => useDialogStore.getState().openLogin());
  const onSearchPage = pathname === "/search";
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur-md max-sm:[body:has([data-chat-screen])_&]:hidden">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:h-16 sm:gap-6 sm:px-6">
        {/* A signed-in row (theme, plan, coins, account) was 345px wide at 320px (a small phone, or 400% zoom) and
            the page scrolled sideways; with a balance of "999.9k" it needs 400px. Below 400px the search icon gives
            way (the nav's Search is right below it), and below 360px the brand shows its badge alone. */}
        <BrandLink nameClassName="max-[360px]:sr-only" />

        <nav aria-label="Main" className="hidden items-center gap-1 sm:flex">
          {NAV.map((item) => {
            const active = isActive(pathname, item.href);
            return (
              <Link
                key={item.href}
                href={item.href}
                {...item.track}
                aria-current={active ? "page" : undefined}
                className={`rounded-lg px-3 py-2 text-sm font-medium transition-colors ${FOCUS} ${
                  active ? "bg-muted text-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground"
                }`}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>

        {/* /search has its own, larger box: one search box per page */}
        {onSearchPage ? null : (
          <form
            role="search"
            action="/search"
            method="get"
            className="ml-auto hidden w-full max-w-xs md:block lg:max-w-sm"
          >
            <div className="relative">
              <NavIcon
                name="search"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <input
                type="search"
                name="q"
                aria-label="Search characters"
                placeholder="Search characters"
                autoComplete="off"
                enterKeyHint="search"
                className={
                  "h-10 w-full rounded-full border border-border bg-muted pr-4 pl-9 text-sm text-ellipsis text-foreground " +
                  "transition-colors placeholder:text-muted-foreground hover:border-muted-foreground/40 " +
                  "outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/40"
                }
              />
            </div>
          </form>
        )}

        <div className={`ml-auto flex items-center gap-1 sm:gap-2 ${onSearchPage ? "" : "md:ml-0"}`}>
          {onSearchPage ? null : (
            <Link
              href="/search"
              aria-label="Search"
              {...trackClick("explore", "search")}
              className={buttonClassName("ghost", "icon", "max-[400px]:hidden sm:hidden")}
            >
              <NavIcon name="search" className="size-5" />
            </Link>
          )}
          <ThemeToggle />
          {billing}
          {account ?? (
            <Button
              size="sm"
              onClick={signIn}
              {...trackClick("login", "header")}
              onPointerEnter={onSignInIntent}
              onPointerDown={onSignInIntent}
              onFocus={onSignInIntent}
              className="ml-1"
            >
              Sign in
            </Button>
          )}
        </div>
      </div>

      <nav aria-label="Main" className="flex border-t border-border sm:hidden">
        {NAV.map((item) => {
          const active = isActive(pathname, item.href);
          return (
            <Link
              key={item.href}
              href={item.href}
              {...item.track}
              aria-current={active ? "page" : undefined}
              className={`relative flex flex-1 items-center justify-center gap-1.5 py-2.5 text-sm font-medium transition-colors ${FOCUS} focus-visible:ring-inset ${
                active ? "text-foreground" : "text-muted-foreground hover:text-foreground"
              }`}
            >
              <NavIcon name={item.icon} className="size-4" />
              {item.label}
              {active ? (
                <span aria-hidden="true" className="absolute inset-x-6 bottom-0 h-0.5 rounded-full bg-primary" />
              ) : null}
            </Link>
          );
        })}
      </nav>
    </header>
  );
}

const ICON_PATHS: Record<IconName, ReactNode> = {
  home: <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" />,
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>
  ),
  create: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="4" />
      <path d="M12 8v8M8 12h8" />
    </>
  ),
};

function NavIcon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg {...strokeIcon(20)} className={className}>
      {ICON_PATHS[name]}
    </svg>
  );
}
