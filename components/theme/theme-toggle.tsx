"use client";

import { type Theme, useThemeStore } from "@/stores/theme-store";
import { buttonClassName } from "@/components/ui/button";
import { strokeIcon } from "@/components/ui/icons";

const NEXT: Record<Theme, Theme> = { light: "dark", dark: "system", system: "light" };
const LABEL: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };

export interface ThemeToggleProps {
  className?: string;
}

/** Cycles light → dark → system. The accessible name states the current theme ("Theme: Dark"). */
export function ThemeToggle({ className }: ThemeToggleProps) {
  const theme = useThemeStore((s) => s.theme);
  const setTheme = useThemeStore((s) => s.setTheme);
  const label = `Theme: ${LABEL[theme]}`;
  return (
    <button
      type="button"
      aria-label={label}
      title={`${label} (switch to ${LABEL[NEXT[theme]]})`}
      onClick={() => setTheme(NEXT[theme])}
      className={buttonClassName("ghost", "icon", className)}
    >
      <ThemeIcon theme={theme} />
    </button>
  );
}

function ThemeIcon({ theme }: { theme: Theme }) {
  const common = { ...strokeIcon(20), className: "size-5" } as const;
  if (theme === "light") {
    return (
      <svg {...common}>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41" />
      </svg>
    );
  }
  if (theme === "dark") {
    return (
      <svg {...common}>
        <path d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11Z" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </svg>
  );
}
