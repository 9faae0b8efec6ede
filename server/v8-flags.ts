/**
 * V8's heap settings for the emulator's own process (the CLI; never a host process that embeds startEmulator()).
 *
 * By default V8 lets the old generation grow to up to four times what survived the last full collection before it
 * collects again, and keeps what it grew. For a server whose requests come and go that is mostly garbage: with
 * this the peak RSS of hostile input falls by a fifth at the same send throughput (the flag is process-wide, so
 * the render and search workers collect the same way;
 * docs/performance.md#2026-11-25-218076d-v8s-old-generation-grows-by-a-fifth-at-most---heap-growing-percent20).
 *
 * Replacing a render worker after heavy jobs, at any threshold, does not help: what the process keeps once idle is
 * mostly glibc's malloc arenas, not a worker's heap
 * (docs/performance.md#2026-11-26-8c3bf17-render-workers-are-not-replaced-after-heavy-jobs; README, "Hostile input").
 */
import v8 from 'node:v8';

/** The old generation grows to at most 1.2 times what survived the last full collection (V8's flag, in every V8 from Node 20's to 24's). */
const HEAP_GROWING_PERCENT = 20;

export function tuneHeapForServer(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
