/**
 * The send bench's targets (send.ts) and its regression guards. The guards are decisions.md's "Send cost", as
 * shares of the same run's baseline (machines here vary 4x from day to day, a ratio does not): req/s at least
 * `share` of the baseline's, p99 at most `p99Factor` times the baseline's p99. A broken guard prints FAIL and
 * makes `npm run bench` exit non-zero.
 *
 * The ratios are of this bench's set-up, where autocannon runs in the bench's own process on the same 2 cores as
 * the server and takes about a core of its own: an external harness with a native load generator measured the
 * emulator at 0.52x and 0.68x of its baseline, against the 0.3x and 0.25x floors here.
 */
import type { Result } from 'autocannon';

export interface SendTarget {
  /** The first send issue's absolute targets: req/s and p99 in ms (the "target" column, not a guard). */
  rps: number;
  p99: number;
  /** Guard: req/s at least this share of the same run's baseline. */
  share: number;
  /** Guard: p99 at most this many times the same run's baseline p99. */
  p99Factor: number;
}

export const TARGETS: Record<string, SendTarget | undefined> = {
  inline: { rps: 2_000, p99: 50, share: 0.3, p99Factor: 3 },
  mjml: { rps: 1_500, p99: 50, share: 0.25, p99Factor: 3.5 },
  markdown: { rps: 1_500, p99: 50, share: 0.25, p99Factor: 3 },
};

export interface GuardedRow {
  scenario: string;
  result: Result;
  /** Every 200 had its mail stored. */
  ok: boolean;
}

export interface GuardVerdict {
  passed: boolean;
  /** `0.42x >= 0.3x base, p99 2.1x <= 3x base`. */
  detail: string;
}

/** A send scenario's guards against the same run's baseline. */
export function ratioGuard(row: GuardedRow, baseline: Result, target: SendTarget): GuardVerdict {
  const rate = row.result.requests.average / baseline.requests.average;
  const p99 = row.result.latency.p99 / baseline.latency.p99;
  const passed = rate >= target.share && p99 <= target.p99Factor && row.ok;
  const stored = row.ok ? '' : ', mail lost';
  return {
    passed,
    detail: `${rate.toFixed(2)}x >= ${target.share}x base, p99 ${p99.toFixed(1)}x <= ${target.p99Factor}x base${stored}`,
  };
}

/**
 * One PASS or FAIL line per guarded scenario of the run, and whether any failed. A run without the baseline
 * scenario (BENCH_SEND_SCENARIOS) has nothing to compare with: it says so and fails nothing.
 */
export function guardReport<R extends GuardedRow>(
  rows: R[],
  baseline: Result | undefined,
  targetOf: (row: R) => SendTarget | undefined,
): { lines: string[]; failed: boolean } {
  const guarded = rows.flatMap((row) => {
    const target = targetOf(row);
    return target === undefined ? [] : [{ row, target }];
  });
  if (guarded.length === 0) return { lines: [], failed: false };
  if (baseline === undefined) {
    return { lines: ['regression guards: not checked, the run has no baseline scenario'], failed: false };
  }
  const verdicts = guarded.map(({ row, target }) => ({ row, verdict: ratioGuard(row, baseline, target) }));
  return {
    lines: [
      'regression guards (decisions.md "Send cost"; same-run baseline):',
      ...verdicts.map(({ row, verdict }) => `  ${verdict.passed ? 'PASS' : 'FAIL'} ${row.scenario}: ${verdict.detail}`),
    ],
    failed: verdicts.some(({ verdict }) => !verdict.passed),
  };
}
