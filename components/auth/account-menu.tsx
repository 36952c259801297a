"use client";

import { usePathname, useRouter } from "next/navigation";
import { useId, useRef, type KeyboardEvent } from "react";
import { Link } from "@/components/ui/link";
import { usePopup } from "@/components/ui/use-popup";
import { trackClick } from "@/lib/analytics/click-label";
import { profileHref } from "@/lib/format/profile-tab";
import { safeImageSrc } from "@/lib/format/safe-image-src";
import { useAuthStore, type Profile } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";

const ITEM =
  "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm outline-none transition-colors " +
  "hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring";

function Avatar({ profile, className = "size-8" }: { profile: Pick<Profile, "face" | "name">; className?: string }) {
  const src = safeImageSrc(profile.face);
  if (src) {
    // eslint-disable-next-line @next/next/no-img-element -- avatar from our own origin or an https URL
    return <img src={src} alt="" className={`${className} shrink-0 rounded-full bg-muted object-cover`} />;
  }
  return (
    // The initial is drawn by CSS, not text: the button's label has to contain the text it shows (WCAG 2.5.3).
    <span
      aria-hidden="true"
      data-initial={(profile.name.trim()[0] ?? "?").toUpperCase()}
      className={`${className} grid shrink-0 place-items-center rounded-full bg-primary text-sm font-bold text-primary-foreground before:content-[attr(data-initial)]`}
    />
  );
}

/**
 * The signed-in user's header menu (menu button pattern): Enter/Space/ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes and returns focus; Tab or a click outside closes.
 */
export function AccountMenu({ profile }: { profile: Profile }) {
  const router = useRouter();
  const pathname = usePathname();
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<"first" | "last">("first");

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const { open, show, close, rootRef, buttonRef } = usePopup(() => {
    const list = items();
    (focusOnOpen.current === "first" ? list[0] : list.at(-1))?.focus();
  });

  function openAt(where: "first" | "last") {
    focusOnOpen.current = where;
    show();
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openAt(event.key === "ArrowDown" ? "first" : "last");
    }
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === "ArrowDown") move(index + 1);
    else if (event.key === "ArrowUp") move(index - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(list.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") close(false);
  }

  return (
    <div ref={rootRef} className="relative ml-1">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account: ${profile.name}`}
        onClick={() => (open ? close(false) : openAt("first"))}
        onKeyDown={onButtonKeyDown}
        className="flex h-9 max-w-48 items-center gap-2 rounded-full p-0.5 pr-0.5 transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring lg:pr-3"
      >
        <Avatar profile={profile} />
        {/* The name from 1024px: below it the header's row has the nav, the billing entries and no room for it. */}
        <span className="hidden truncate text-sm font-medium lg:inline">{profile.name}</span>
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
          className="absolute top-full right-0 z-50 mt-2 w-60 rounded-xl border border-border bg-card p-1.5 text-foreground shadow-xl motion-safe:animate-fade-in"
        >
          <div className="flex items-center gap-3 px-3 pt-2 pb-2.5">
            <Avatar profile={profile} className="size-10" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{profile.name}</p>
              <p className="truncate text-xs text-muted-foreground">@{profile.key}</p>
            </div>
          </div>
          <div role="separator" className="my-1 h-px bg-border" />
          <Link
            role="menuitem"
            tabIndex={-1}
            href={profileHref(profile.key)}
            onClick={() => close(false)}
            className={ITEM}
          >
            My profile
          </Link>
          <Link
            role="menuitem"
            tabIndex={-1}
            href={profileHref(profile.key, "favourites")}
            onClick={() => close(false)}
            className={ITEM}
          >
            My favourites
          </Link>
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className={ITEM}
            onClick={() => {
              // Focus goes back to the account button first, so the dialog returns it there when it closes.
              close();
              useDialogStore.getState().openEditProfile();
            }}
          >
            Edit profile
          </button>
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className={ITEM}
            {...trackClick("subscribe", "account_menu")}
            onClick={() => {
              // Focus goes back to the account button first, so the dialog returns it there when it closes.
              close();
              useDialogStore.getState().openSubscription();
            }}
          >
            Subscription
          </button>
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className={ITEM}
            onClick={() => {
              // Focus goes back to the account button first, so the dialog returns it there when it closes.
              close();
              useDialogStore.getState().openCoins();
            }}
          >
            Get Coins
          </button>
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className={`${ITEM} text-destructive`}
            onClick={() => {
              close(false);
              void useAuthStore.getState().logout({ navigate: router.push, pathname });
            }}
          >
            Log out
          </button>
        </div>
      ) : null}
    </div>
  );
}
