import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
for (const path of (process.argv[2] ?? "/profile/kewl-studio").split(",")) {
  for (let i = 0; i < Number(process.argv[3] ?? 2); i++) {
    const r = await lighthouse("http://127.0.0.1:3999" + path, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] });
    const lhr = r!.lhr;
    const s = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    console.log(path, s("performance"), s("accessibility"), s("best-practices"), s("seo"), "LCP", Math.round(lhr.audits["largest-contentful-paint"].numericValue!), "TBT", Math.round(lhr.audits["total-blocking-time"].numericValue!), "bi", lhr.environment.benchmarkIndex);
    for (const id of ["deprecations", "errors-in-console", "inspector-issues"]) {
      const a = lhr.audits[id]; if (a && a.score !== null && a.score < 1) console.log("  ", id, JSON.stringify((a.details as any)?.items ?? []).slice(0, 600));
    }
    const phases = (lhr.audits["largest-contentful-paint-element"]?.details as any)?.items;
    console.log("   LCP:", JSON.stringify(phases?.[0]?.items?.[0]?.node?.snippet ?? "").slice(0,150), JSON.stringify(phases?.[1]?.items ?? []).slice(0, 300));
  }
}
chrome.kill();
