export type PageItem = number | "ellipsis-start" | "ellipsis-end";

/**
 * Page numbers to show (SPEC §9: 2 siblings): first, last, the current page with `siblings` on each side, and
 * ellipses for the gaps. Keeps the number of items constant while there are enough pages.
 */
export function pageItems(current: number, totalPages: number, siblings = 2): PageItem[] {
  const total = Math.max(1, totalPages);
  const page = Math.min(Math.max(1, current), total);
  const slots = siblings * 2 + 5; // first, last, current, 2*siblings, 2 ellipses
  if (total <= slots) return Array.from({ length: total }, (_, i) => i + 1);
  const left = Math.max(page - siblings, 1);
  const right = Math.min(page + siblings, total);
  const showLeftDots = left > 3;
  const showRightDots = right < total - 2;
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  const edge = 3 + 2 * siblings;
  if (!showLeftDots) return [...range(1, edge), "ellipsis-end", total];
  if (!showRightDots) return [1, "ellipsis-start", ...range(total - edge + 1, total)];
  return [1, "ellipsis-start", ...range(left, right), "ellipsis-end", total];
}

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page past the last one (page 1 always exists, even empty): such an address is a 404, not an empty list. */
export function isPastLastPage(page: number, total: number, pageSize: number): boolean {
  return page > totalPages(total, pageSize);
}
