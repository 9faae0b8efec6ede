/**
 * Waiting in tests for the condition a test asserts, never for a guessed time: `waitUntil` reads until `check`
 * holds and answers the value read, or throws past `timeoutMs` naming what it waited for and the last value it
 * read. The bound is generous (a busy 2-core machine); a test that passes never waits for it.
 */

export interface WaitOptions {
  /** What the wait is for, in the failure message. */
  what: string;
  timeoutMs?: number;
  intervalMs?: number;
}

/** A loaded machine has taken several seconds for what takes milliseconds alone: well under the test timeout. */
const WAIT_TIMEOUT_MS = 15_000;

export async function waitUntil<T>(
  read: () => T | Promise<T>,
  check: (value: T) => boolean,
  options: WaitOptions,
): Promise<T> {
  const { what, timeoutMs = WAIT_TIMEOUT_MS, intervalMs = 20 } = options;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (performance.now() > deadline) {
      throw new Error(`still waiting after ${timeoutMs} ms for ${what}; last read: ${shortJson(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

function shortJson(value: unknown): string {
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 1_000);
  } catch {
    return String(value);
  }
}
