import fs from "node:fs";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse, { desktopConfig, generateReport, type Result } from "lighthouse";
import { z } from "zod";
import { CHROMIUM, CHROMIUM_FLAGS } from "./chromium";
import type { DemoServer } from "./demo-server";
import { medianBy } from "./median";

type Preset = "mobile" | "desktop";
type Session = keyof DemoServer["cookies"] | null;

type Budget = { performance: number | null; accessibility: number | null };
/** The budgets: mobile ≥ 0.9 performance and full accessibility; desktop a full score in both. */
const MOBILE: Budget = { performance: 0.9, accessibility: 1 };
const DESKTOP: Budget = { performance: 1, accessibility: 1 };
/** The back office's kitchen (/kitchen) is measured for reference: the budgets are on the kitchen mode. */
const REFERENCE: Budget = { performance: null, accessibility: null };

/** The pages Lighthouse scores, each on a phone and a desktop, with their budgets (null: none). */
export const LIGHTHOUSE_TARGETS: { path: string; session: Session; preset: Preset; budget: Budget }[] = [
  { path: "/my/login", session: null, preset: "mobile", budget: MOBILE },
  { path: "/my/login", session: null, preset: "desktop", budget: DESKTOP },
  { path: "/my", session: "customer", preset: "mobile", budget: MOBILE },
  { path: "/my", session: "customer", preset: "desktop", budget: DESKTOP },
  { path: "/login", session: null, preset: "mobile", budget: MOBILE },
  { path: "/login", session: null, preset: "desktop", budget: DESKTOP },
  { path: "/kitchen/board", session: "cook", preset: "mobile", budget: MOBILE },
  { path: "/kitchen/board", session: "cook", preset: "desktop", budget: DESKTOP },
  { path: "/kitchen", session: "cook", preset: "mobile", budget: REFERENCE },
  { path: "/kitchen", session: "cook", preset: "desktop", budget: REFERENCE },
];

export type LighthouseScore = {
  path: string;
  preset: Preset;
  runs: number;
  /** The path the median run ended on (a refused session lands on a sign-in page instead). */
  landedOn: string;
  /** Medians over the runs; null when Lighthouse could not score the page. */
  performance: number | null;
  accessibility: number | null;
  budget: Budget;
  /** The median run's metrics, e.g. "FCP 1.1 s (0.99)". */
  metrics: string[];
  /** Audits short of a full score, with the failing nodes of accessibility audits. */
  failedAudits: string[];
  warnings: string[];
  /** Lighthouse's measure of this machine's speed (≈1000+ on a fast desktop); a busy machine scores lower. */
  benchmarkIndex: number;
  /** The median run's HTML report. */
  report: string;
};

const METRICS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI",
} as const;

/**
 * Lighthouse (performance and accessibility) on each target, `runs` times, in Debian's
 * Chromium; a signed-in page gets its session cookie as an extra header on every request.
 * Mobile is Lighthouse's default preset (a mid-range phone on slow 4G, simulated). Each run
 * has a fresh Chromium profile: Lighthouse keeps cookies (the session the server re-sets would
 * sign the next page in) and a service worker's cache would make the next run a repeat visit.
 */
export async function runLighthouse(
  server: DemoServer,
  targets: typeof LIGHTHOUSE_TARGETS,
  runs: number,
  reportDir: string,
): Promise<LighthouseScore[]> {
  const scores: LighthouseScore[] = [];
  for (const target of targets) {
    const results: Result[] = [];
    for (let i = 0; i < runs; i++) {
      const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ["--headless", ...CHROMIUM_FLAGS] });
      try {
        const answer = await lighthouse(
          `${server.base}${target.path}`,
          {
            port: chrome.port,
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
            extraHeaders: target.session ? { Cookie: server.cookies[target.session] } : null,
          },
          target.preset === "desktop" ? desktopConfig : undefined,
        );
        if (!answer) throw new Error(`Lighthouse gave no result for ${target.path}`);
        const { performance, accessibility } = answer.lhr.categories;
        console.log(
          `[lighthouse] ${target.path} ${target.preset} ${i + 1}/${runs}: performance ${performance?.score}, accessibility ${accessibility?.score}`,
        );
        results.push(answer.lhr);
      } finally {
        chrome.kill();
      }
    }
    scores.push(summarize(target, results, reportDir));
  }
  return scores;
}

function summarize(
  target: (typeof LIGHTHOUSE_TARGETS)[number],
  results: Result[],
  reportDir: string,
): LighthouseScore {
  const score = (r: Result, category: string) => r.categories[category]?.score ?? -1;
  const byPerformance = medianBy(results, (r) => score(r, "performance"))!;
  const byAccessibility = medianBy(results, (r) => score(r, "accessibility"))!;
  const failedAudits = [
    ...failingAudits(byPerformance, "performance", 0.9),
    ...failingAudits(byAccessibility, "accessibility", 1),
  ];
  const report = path.join(
    reportDir,
    `lighthouse-${target.path.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "root"}-${target.preset}.html`,
  );
  fs.mkdirSync(reportDir, { recursive: true });
  fs.writeFileSync(report, generateReport(byPerformance, "html"));
  const value = (s: number) => (s < 0 ? null : s);
  return {
    path: target.path,
    preset: target.preset,
    runs: results.length,
    landedOn: new URL(byPerformance.finalDisplayedUrl).pathname.replace(/(.)\/$/, "$1"),
    performance: value(score(byPerformance, "performance")),
    accessibility: value(score(byAccessibility, "accessibility")),
    budget: target.budget,
    metrics: Object.entries(METRICS).map(([id, name]) => {
      const audit = byPerformance.audits[id];
      return `${name} ${audit?.displayValue ?? "?"} (${audit?.score ?? "?"})`;
    }),
    failedAudits,
    warnings: [
      ...new Set([
        ...byPerformance.runWarnings,
        ...results.flatMap((r, i) => (score(r, "performance") < 0 ? [`run ${i + 1}: ${unscored(r)}`] : [])),
      ]),
    ],
    benchmarkIndex: Math.round(byPerformance.environment.benchmarkIndex),
    report,
  };
}

/** Why Lighthouse gave a run no performance score: its own error, or a metric's. */
function unscored(result: Result): string {
  if (result.runtimeError) return result.runtimeError.message;
  const metric = Object.keys(METRICS)
    .map((id) => result.audits[id])
    .find((audit) => audit?.errorMessage);
  return metric ? `${metric.id}: ${metric.errorMessage}` : "no performance score";
}

const nodeItems = z.object({
  items: z.array(
    z.object({
      node: z.object({ selector: z.string().optional(), snippet: z.string().optional() }).optional(),
    }),
  ),
});

/**
 * The category's audits scoring below `below`, each with its failing nodes if any: the weighted
 * ones (the metrics, every accessibility check) and the diagnostics that say where time goes
 * (unused JavaScript, main-thread work, the LCP element).
 */
function failingAudits(result: Result, category: string, below: number): string[] {
  return (result.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 || ref.group === "diagnostics")
    .flatMap((ref) => {
      const audit = result.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= below) return [];
      const items = nodeItems.safeParse(audit.details);
      const nodes = items.success
        ? items.data.items.flatMap((i) =>
            i.node ? [`${i.node.selector} ${i.node.snippet ?? ""}`.trim()] : [],
          )
        : [];
      const shown = nodes.slice(0, 5).map((n) => `\n      ${n.slice(0, 200)}`);
      const more = nodes.length > 5 ? `\n      … and ${nodes.length - 5} more` : "";
      return [
        `${category}/${audit.id} (${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ""}): ${audit.title}${shown.join("")}${more}`,
      ];
    });
}
