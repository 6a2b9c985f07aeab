/**
 * What `npm run bench:lighthouse` and `npm run bench` print of Lighthouse runs: a run's figures, a row a run,
 * the medians a page, its long tasks; and the pages they measure.
 */

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseRun {
  page: string;
  run: number;
  /** 0–100 per category; null when Lighthouse could not score it this run. */
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Audits below full marks (opportunities and failures), for reading a low score. */
  failing: string[];
  /** The main thread's tasks over 50 ms (simulated, as TBT counts them): where, when, how long. */
  longTasks: { url: string; startMs: number; durationMs: number }[];
  /** Main-thread time per script: evaluation and parse/compile (Lighthouse's bootup-time). */
  scripts: { url: string; scriptingMs: number; parseMs: number }[];
  /** The LCP element (Lighthouse's largest-contentful-paint-element) and its phases, for `--lcp`. */
  lcp?: { element: string; phases: { phase: string; ms: number }[] };
  runtimeError?: string;
}

export interface BenchPage {
  name: string;
  /** Path and hash, e.g. `/#/home`. */
  path: string;
  /** Local storage to set before the page loads (a logged-in student). */
  storage?: Record<string, string>;
}

export function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function runRow(run: LighthouseRun): string {
  const s = run.scores;
  return `| ${run.page} | ${run.run} | ${s.performance ?? 'n/a'} | ${seconds(run.fcpMs)} | ${seconds(run.lcpMs)} | ${Math.round(run.tbtMs)} ms | ${run.cls.toFixed(3)} | ${s.accessibility ?? 'n/a'} / ${s['best-practices'] ?? 'n/a'} / ${s.seo ?? 'n/a'} |`;
}

export const RUN_HEADER = [
  '| page | run | performance | FCP | LCP | TBT | CLS | a11y / best practices / SEO |',
  '|---|---:|---:|---:|---:|---:|---:|---|',
].join('\n');

export function medianRows(results: LighthouseRun[], pages: BenchPage[]): string {
  return [
    '| page | runs | performance (median) | range | LCP (median) | TBT (median) | CLS (median) |',
    '|---|---:|---:|---|---:|---:|---:|',
    ...pages.map((page) => {
      const runs = results.filter((run) => run.page === page.name);
      const perf = runs.map((run) => run.scores.performance ?? Number.NaN);
      const finite = perf.filter(Number.isFinite);
      return `| ${page.name} | ${runs.length} | ${median(perf)} | ${Math.min(...finite)}–${Math.max(...finite)} | ${seconds(median(runs.map((r) => r.lcpMs)))} | ${Math.round(median(runs.map((r) => r.tbtMs)))} ms | ${median(runs.map((r) => r.cls)).toFixed(3)} |`;
    }),
  ].join('\n');
}

/** A run's long tasks and per-script main-thread time, for `--long-tasks`. */
export function longTaskLines(run: LighthouseRun): string {
  const tasks = run.longTasks.map(
    (task) =>
      `    ${Math.round(task.startMs)} ms: ${Math.round(task.durationMs)} ms  ${task.url || '(page)'}`,
  );
  const scripts = run.scripts.map(
    (script) =>
      `    ${script.url}: ${Math.round(script.scriptingMs)} ms evaluating, ${Math.round(script.parseMs)} ms parsing`,
  );
  return ['  long tasks:', ...tasks, '  main thread by script:', ...scripts].join('\n');
}

/** A run's LCP element and where its time went, for `--lcp`. */
export function lcpLines(run: LighthouseRun): string {
  if (!run.lcp) return '  LCP element: not reported';
  const phases = run.lcp.phases.map((p) => `${p.phase} ${Math.round(p.ms)} ms`).join(', ');
  return `  LCP element: ${run.lcp.element}\n  LCP phases: ${phases}`;
}

export function benchPages(studentStorage: Record<string, string>): BenchPage[] {
  return [
    { name: 'landing', path: '/' },
    { name: 'home', path: '/#/home' },
    { name: 'study-sections (logged in)', path: '/#/study-sections', storage: studentStorage },
    // Issue 18: a paying student's home asks for "Continue" beside the catalogue (docs/home.md).
    { name: 'home (paid, logged in)', path: '/#/home', storage: studentStorage },
  ];
}
