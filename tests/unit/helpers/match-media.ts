import { vi } from "vitest";

let viewportWidth = 1280;

/** The width the stubbed matchMedia answers (min-width: Npx) queries from. */
export function setViewportWidth(width: number): void {
  viewportWidth = width;
}

/** jsdom has no matchMedia: answer (min-width: Npx) from the viewport width, everything else false. */
export function stubMatchMedia(): void {
  window.matchMedia = vi.fn((query: string): MediaQueryList => {
    const min = /\(min-width:\s*(\d+)px\)/.exec(query);
    return {
      matches: min ? viewportWidth >= Number(min[1]) : false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}
