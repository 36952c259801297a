import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type { AxeResults, ImpactValue } from "axe-core";

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** Moderate rules the product holds to as well: one main landmark, one h1, no skipped heading levels. */
const ALSO_CHECKED = new Set(["landmark-one-main", "page-has-heading-one", "heading-order"]);
const BLOCKING: ReadonlySet<ImpactValue> = new Set(["serious", "critical"]);

export interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
}

declare global {
  interface Window {
    axe?: { run: (context: unknown, options: unknown) => Promise<AxeResults> };
  }
}

/**
 * Runs axe-core on the page (or only inside `scope`, a CSS selector such as an open dialog) and answers the
 * serious and critical findings plus the three structural rules above. The script is injected inline, so specs
 * using this need `bypassCSP: true` (the page's nonce CSP would refuse it).
 */
/** Waits for running animations under `selector` (entry fades change colours under test); cancelled ones count. */
export async function animationsSettled(page: Page, selector = "body"): Promise<void> {
  await page
    .locator(selector)
    .first()
    .evaluate((el) =>
      Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))).then(
        () => undefined,
      ),
    );
}

export async function axeFindings(page: Page, where: string, scope?: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => typeof window.axe !== "undefined"))) await page.addScriptTag({ path: AXE_SCRIPT });
  const results = await page.evaluate(
    ([include]) =>
      window.axe!.run(include ? { include: [include] } : document, {
        resultTypes: ["violations"],
        // Inside a dialog the page-level rules (main landmark, h1) do not apply.
        rules: include
          ? {
              "landmark-one-main": { enabled: false },
              "page-has-heading-one": { enabled: false },
              region: { enabled: false },
            }
          : {},
      }),
    [scope] as const,
  );
  return results.violations
    .filter((v) => (v.impact && BLOCKING.has(v.impact)) || ALSO_CHECKED.has(v.id))
    .map((v) => ({
      where,
      rule: v.id,
      impact: v.impact ?? "",
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1] ?? ""}`),
    }));
}

/**
 * axeFindings in the light theme, then in the dark one, on the same page: the app follows the system's colour scheme
 * live (components/theme/use-apply-theme.ts), so one page load serves both. Leaves the page dark.
 */
export async function axeFindingsInBothThemes(page: Page, where: string, scope?: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b)/);
    // The switch starts colour transitions; contrast is read once they are over.
    await animationsSettled(page, scope);
    findings.push(...(await axeFindings(page, `${where} (${theme})`, scope)));
  }
  return findings;
}

/** Fails with every finding listed, so one run shows all that is left to fix. */
export function expectNoFindings(findings: Finding[]): void {
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
}
