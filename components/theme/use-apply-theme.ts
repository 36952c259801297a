"use client";

import { useEffect } from "react";
import { type Theme, useThemeStore } from "@/stores/theme-store";

const DARK_QUERY = "(prefers-color-scheme: dark)";

function resolveDark(theme: Theme, systemDark: boolean): boolean {
  return theme === "dark" || (theme === "system" && systemDark);
}

/**
 * Keeps the `dark` class on <html> in sync with the theme store, following the OS setting while the theme
 * is "system". Also loads the persisted choice once after mount (the store skips hydration for SSR).
 */
function useApplyTheme(): void {
  const theme = useThemeStore((s) => s.theme);

  useEffect(() => {
    if (!useThemeStore.persist.hasHydrated()) void useThemeStore.persist.rehydrate();
  }, []);

  useEffect(() => {
    const system = window.matchMedia(DARK_QUERY);
    // Read the store, not the render value: rehydration may have just changed it.
    const apply = () => {
      const dark = resolveDark(useThemeStore.getState().theme, system.matches);
      document.documentElement.classList.toggle("dark", dark);
    };
    apply();
    if (theme !== "system") return;
    system.addEventListener("change", apply);
    return () => system.removeEventListener("change", apply);
  }, [theme]);
}

/** Mount once in the root layout's <body>: `<ThemeSync />`. Renders nothing. */
export function ThemeSync(): null {
  useApplyTheme();
  return null;
}
