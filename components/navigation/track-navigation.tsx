"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { recordPath } from "@/stores/navigation-store";

/** Keeps the navigation store's current and previous path up to date (mounted once, in the app's providers). */
export function TrackNavigation(): null {
  const pathname = usePathname();
  useEffect(() => {
    if (pathname) recordPath(pathname);
  }, [pathname]);
  return null;
}
