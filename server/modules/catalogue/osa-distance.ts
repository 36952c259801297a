/**
 * Optimal string alignment distance (restricted Damerau-Levenshtein): a missing, extra or wrong letter counts 1,
 * and so does swapping two neighbouring letters. Compared by code point. Gives up once the distance must exceed
 * `max` and answers max + 1 then, so checking candidates against a small budget stays cheap.
 */
export function osaDistance(a: string, b: string, max = Infinity): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  // Three rows: the one before the previous (for swaps), the previous and the current.
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  let current = new Array<number>(t.length + 1).fill(0);
  for (let i = 1; i <= s.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  const distance = previous[t.length]!;
  return distance > max ? max + 1 : distance;
}
