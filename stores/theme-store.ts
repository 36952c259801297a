import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

export type Theme = "light" | "dark" | "system";

/** localStorage key; the value is zustand's persist JSON: {"state":{"theme":"dark"},"version":0}. */
export const THEME_STORAGE_KEY = "theme";

export interface ThemeState {
  theme: Theme;
  setTheme: (theme: Theme) => void;
}

function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark" || value === "system";
}

/**
 * The chosen theme. `skipHydration` keeps the server render and the first client render identical
 * ("system"); `useApplyTheme` rehydrates from localStorage after mount.
 */
export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      theme: "system",
      setTheme: (theme) => set({ theme }),
    }),
    {
      name: THEME_STORAGE_KEY,
      version: 0,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ theme: s.theme }),
      merge: (persisted, current) => {
        const theme = (persisted as { theme?: unknown } | undefined)?.theme;
        return isTheme(theme) ? { ...current, theme } : current;
      },
      skipHydration: true,
    },
  ),
);
