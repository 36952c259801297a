/**
 * One Lighthouse run (default mobile config; performance, accessibility, best practices and SEO) and the figures and
 * diagnostics bench/pages.ts prints.
 */

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export const AUDITED_CATEGORIES = ["accessibility", "best-practices", "seo"] as const;
export type AuditedCategory = (typeof AUDITED_CATEGORIES)[number];

export interface LhFigures {
  score: number;
  /** Scores (0-100) of the non-performance categories. */
  categories: Record<AuditedCategory, number>;
  /** The audits of those categories that did not pass, as "category: audit id (title)". */
  failedAudits: string[];
  cls: number;
  lcp: number;
  tbt: number;
  fcp: number;
  si: number;
  benchmarkIndex: number | undefined;
  notes: string[];
  warnings: string[];
}

type Lhr = import("lighthouse").RunnerResult["lhr"];

function auditValue(lhr: Lhr, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/** A few diagnostics that explain a score: LCP element, main-thread script cost, unused JS, render blocking, shifts. */
function diagnostics(lhr: Lhr): string[] {
  const notes: string[] = [];
  type Item = Record<string, unknown>;
  const items = (id: string): Item[] => {
    const details = lhr.audits[id]?.details as { items?: Item[] } | undefined;
    return details?.items ?? [];
  };
  const observed = items("metrics")[0];
  if (observed) {
    const o = (k: string) => Math.round(Number(observed[k]));
    notes.push(
      `observed in the trace (unthrottled, before simulation): FCP ${o("observedFirstContentfulPaint")} ms, ` +
        `LCP ${o("observedLargestContentfulPaint")} ms, DOMContentLoaded ${o("observedDomContentLoaded")} ms, load ${o("observedLoad")} ms`,
    );
  }
  const lcpEl = items("largest-contentful-paint-element")[0] as
    { items?: Array<{ node?: { snippet?: string; selector?: string } }> } | undefined;
  const node = lcpEl?.items?.[0]?.node;
  if (node) notes.push(`LCP element: ${(node.snippet ?? node.selector ?? "?").slice(0, 140)}`);
  const phases = items("largest-contentful-paint-element")[1] as
    { items?: Array<{ phase?: string; timing?: number }> } | undefined;
  if (phases?.items?.length) {
    notes.push(`LCP phases: ${phases.items.map((p) => `${p.phase} ${Math.round(p.timing ?? 0)} ms`).join(", ")}`);
  }
  const boot = items("bootup-time")
    .slice(0, 3)
    .map(
      (i) =>
        `${String(i.url).replace(/^https?:\/\/[^/]+/, "")} ${Math.round(Number(i.total))} ms (script eval ${Math.round(Number(i.scripting))} ms)`,
    );
  if (boot.length) notes.push(`main-thread time by script (simulated): ${boot.join("; ")}`);
  const unused = lhr.audits["unused-javascript"];
  const unusedBytes = (unused?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes;
  if (unusedBytes) notes.push(`unused JavaScript: ${kb(unusedBytes)} kB (transfer) could be saved`);
  const blocking = items("render-blocking-resources");
  if (blocking.length) {
    notes.push(
      `render-blocking: ${blocking.map((i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, "")} (${Math.round(Number(i.wastedMs))} ms)`).join("; ")}`,
    );
  }
  const shifts = items("layout-shifts").slice(0, 3);
  if (shifts.length) {
    const describe = (i: Item) => {
      const n = i.node as { snippet?: string; selector?: string } | undefined;
      return `${Number(i.score).toFixed(3)} ${(n?.snippet ?? n?.selector ?? "?").slice(0, 90)}`;
    };
    notes.push(`layout shifts: ${shifts.map(describe).join("; ")}`);
  }
  const mainThread = items("mainthread-work-breakdown")
    .slice(0, 3)
    .map((i) => `${String(i.groupLabel ?? i.group)} ${Math.round(Number(i.duration))} ms`);
  if (mainThread.length) notes.push(`main-thread work: ${mainThread.join(", ")}`);
  return notes;
}

/** Audits that count towards a category's score and did not pass (weight > 0, score < 1). */
function failedAudits(lhr: Lhr): string[] {
  const failed: string[] = [];
  for (const category of AUDITED_CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failed.push(`${category}: ${ref.id} (${audit.title})`);
      }
    }
  }
  return failed;
}

export async function lighthouseRun(url: string, port: number): Promise<LhFigures> {
  const { default: lighthouse } = await import("lighthouse");
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", ...AUDITED_CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse runtime error for ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const percent = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  return {
    score: percent("performance"),
    categories: {
      accessibility: percent("accessibility"),
      "best-practices": percent("best-practices"),
      seo: percent("seo"),
    },
    failedAudits: failedAudits(lhr),
    cls: auditValue(lhr, "cumulative-layout-shift"),
    lcp: auditValue(lhr, "largest-contentful-paint"),
    tbt: auditValue(lhr, "total-blocking-time"),
    fcp: auditValue(lhr, "first-contentful-paint"),
    si: auditValue(lhr, "speed-index"),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    notes: diagnostics(lhr),
    warnings: lhr.runWarnings,
  };
}
