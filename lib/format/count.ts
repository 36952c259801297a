const UNITS = [
  { value: 1e12, suffix: "t" },
  { value: 1e9, suffix: "b" },
  { value: 1e6, suffix: "m" },
  { value: 1e3, suffix: "k" },
] as const;

/**
 * SPEC §5: 1000 and above as k, m, b or t with one decimal. Truncated rather than rounded, so a count
 * never reads higher than it is and 999,999 is 999.9k, not 1000.0k.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n) || n < 1000) return String(Math.max(0, Math.trunc(Number.isFinite(n) ? n : 0)));
  const unit = UNITS.find((u) => n >= u.value) ?? UNITS[3];
  return `${(Math.floor((n / unit.value) * 10) / 10).toFixed(1)}${unit.suffix}`;
}
