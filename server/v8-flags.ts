/**
 * V8's heap settings for the emulator's own process (the CLI; never a host process that embeds startEmulator()).
 *
 * By default V8 lets the old generation grow to up to four times what survived the last full collection before it
 * collects again, and keeps what it grew. For a server whose requests come and go that is mostly garbage: a walk of
 * hostile requests (`BENCH_ONLY=hostile npm run bench`, 250 kB fields) peaked at 562 MiB RSS with some 50 MiB
 * alive; with this, 439-447 MiB, and 218-256 MiB instead of 236-343 MiB under `BENCH_ONLY=send` at the same
 * throughput (inline, MJML and markdown sends within 1.3 points of the baseline's share; the flag is process-wide,
 * so the render and search workers collect the same way). A smaller young generation for the workers
 * (resourceLimits) brought the walk to 404 MiB but cost a fifth of the MJML sends' throughput, and was left out;
 * replacing a render worker whose heap passed 128 MB made no difference to either figure, and was left out too.
 *
 * Nor does replacing it at any threshold help the seeded fuzz (the hostile-input memory target, 150 MiB): the render worker's heap
 * after a job is 59-65 MiB for MJML sends and at most 82 MiB over the fuzz (114 MiB after a 10 MB HTML send), and
 * even replacing it after every job, the bound of what a threshold can give, left the fuzz at a peak of 443-484
 * MiB and 360-381 MiB after, against 401-418 and 352-365 (two alternated runs each; the walk: 354-363 and 234-235
 * against 384-388 and 303-306). What the process keeps once idle is mostly glibc's malloc arenas, not a worker's
 * heap (README, "Hostile input").
 */
import v8 from 'node:v8';

/** The old generation grows to at most 1.2 times what survived the last full collection (V8's flag, in every V8 from Node 20's to 24's). */
const HEAP_GROWING_PERCENT = 20;

export function tuneHeapForServer(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
