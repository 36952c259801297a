"use client";

// The router's context, read the way next/link reads it: null outside the App Router (component tests), where
// links still render and navigate, and nothing is prefetched. (useRouter() would throw there.)
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import NextLink from "next/link";
import {
  type ComponentProps,
  type MouseEvent,
  type Ref,
  type TouchEvent,
  useCallback,
  useContext,
  useEffect,
  useRef,
} from "react";

// A string href (the app's links all have one); `prefetch` is the default or false (no `true`: full prefetches of
// dynamic pages are not wanted here).
type LinkProps = Omit<ComponentProps<typeof NextLink>, "href" | "prefetch"> & {
  href: string;
  prefetch?: false | null;
  ref?: Ref<HTMLAnchorElement>;
};

// Next's own link prefetch runs a hovered (or touched) link at "intent" priority, which its scheduler lets run up
// to 12 requests at once; everything else it keeps to 4. SPEC §9 allows 4 route prefetches at a time, so this
// link hands both its cases to router.prefetch, which the scheduler runs at the default priority: in view (with
// Next's 200px margin), then again on hover or touch, in case the first answer has gone stale.
const VIEWPORT_MARGIN = "200px";
const whenVisible = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;

function observe(element: Element, onVisible: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        whenVisible.get(entry.target)?.();
        whenVisible.delete(entry.target);
        observer?.unobserve(entry.target);
      }
    },
    { rootMargin: VIEWPORT_MARGIN },
  );
  whenVisible.set(element, onVisible);
  observer.observe(element);
  return () => {
    whenVisible.delete(element);
    observer?.unobserve(element);
  };
}

/**
 * next/link with the same prefetching (the route's loading state and static parts, when the link comes into
 * view, and on hover or touch), held to at most 4 prefetches at a time. `prefetch={false}` turns it off, as with
 * next/link. In development nothing is prefetched, like next/link (it would compile every linked page).
 */
export function Link({ href, prefetch, onMouseEnter, onTouchStart, ref, ...props }: LinkProps) {
  const router = useContext(AppRouterContext);
  const element = useRef<HTMLAnchorElement | null>(null);
  const enabled =
    router !== null && prefetch !== false && href.startsWith("/") && process.env.NODE_ENV !== "development";

  const warm = useCallback(() => {
    try {
      router?.prefetch(href);
    } catch {
      // The router is not ready (before hydration): the link still navigates.
    }
  }, [router, href]);

  useEffect(() => {
    if (!enabled || !element.current || typeof IntersectionObserver === "undefined") return;
    return observe(element.current, warm);
  }, [enabled, warm]);

  const setRef = useCallback(
    (node: HTMLAnchorElement | null) => {
      element.current = node;
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );

  return (
    <NextLink
      {...props}
      href={href}
      prefetch={false}
      ref={setRef}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        onMouseEnter?.(event);
        if (enabled) warm();
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        onTouchStart?.(event);
        if (enabled) warm();
      }}
    />
  );
}
