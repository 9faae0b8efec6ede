/**
 * The background indexer (server/search/indexer.ts) waits for captures to pause, then catches up in
 * bounded steps; under captures that never pause it still takes small steps once the backlog is large.
 * Timers are faked: the test decides when time passes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../../server/deps.js';
import type { SearchIndexer } from '../../server/search/indexer.js';
import { inProcessDeps } from '../support/in-process.js';
import { plainMessage } from '../support/stored-message.js';

let deps: AppDeps;
let index: SearchIndexer;
let workspaceId: number;
let next = 0;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
  deps = inProcessDeps().deps;
  index = deps.searchIndexer;
  workspaceId = deps.workspaces.defaultId;
});

afterEach(() => {
  index.stop();
  deps.store.close();
  vi.useRealTimers();
});

/** Stores `count` messages (with `text` as their body) and announces each, as a send does. */
function capture(count: number, text?: string): void {
  for (let i = 0; i < count; i++) {
    next++;
    const plain = plainMessage(workspaceId, next);
    const message = text === undefined ? plain : { ...plain, text_body: text, size: Buffer.byteLength(text) };
    deps.store.messages.insert(message);
    deps.events.emit('message.captured', { workspaceId, uuid: message.uuid });
  }
}

/** The highest message id known to be in the search index (migration 3's mark). */
const indexedThrough = () => deps.store.messages.indexedThrough();

describe('the search indexer', () => {
  it('indexes nothing while captures keep coming, and everything once they pause', async () => {
    for (let round = 0; round < 5; round++) {
      capture(10);
      await vi.advanceTimersByTimeAsync(190);
    }
    expect(indexedThrough()).toBe(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(indexedThrough()).toBe(50);
  });

  it('catches up in steps of 200, one per turn, and a new capture pauses it', async () => {
    capture(1_200);
    await vi.advanceTimersByTimeAsync(200);
    // The quiet timer fired: the first step ran at once, the next one waits for the following turn.
    expect(indexedThrough()).toBe(200);
    capture(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(indexedThrough()).toBe(200);
    await vi.advanceTimersByTimeAsync(210);
    expect(indexedThrough()).toBe(1_201);
  });

  it('under captures that never pause, takes a step of 50 every 100 ms once 5,000 messages wait', async () => {
    capture(4_999);
    await vi.advanceTimersByTimeAsync(10);
    expect(indexedThrough()).toBe(0);
    capture(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(indexedThrough()).toBe(50);
    // 10 captures every 40 ms (never a 200 ms pause): steps of 50, at most one per 100 ms, whenever the backlog
    // is back at 5,000; so it stays there rather than growing or draining.
    for (let elapsed = 0; elapsed < 960; elapsed += 40) {
      capture(10);
      await vi.advanceTimersByTimeAsync(40);
      const backlog = 5_000 + (elapsed / 40 + 1) * 10 - indexedThrough();
      expect(backlog).toBeGreaterThanOrEqual(4_950);
      expect(backlog).toBeLessThanOrEqual(5_000);
    }
    expect(indexedThrough() % 50).toBe(0);
    // A pause: the rest in steps of 200.
    await vi.advanceTimersByTimeAsync(250);
    expect(indexedThrough()).toBe(5_240);
  });

  it('takes on about 2 MB of text a step: big messages a few at a time, but at least one', async () => {
    capture(10, 'word '.repeat(100_000));
    capture(1, 'x'.repeat(3_000_000));
    capture(1);
    await vi.advanceTimersByTimeAsync(200);
    const steps = [indexedThrough()];
    while (indexedThrough() < 12) {
      await vi.advanceTimersByTimeAsync(1);
      steps.push(indexedThrough());
    }
    // 500 kB each, four to a step; the 3 MB one counts as what migration 6 indexes of it (1.61 million
    // characters), so only the small one after it joins its step.
    expect(steps).toEqual([4, 8, 10, 12]);
  });

  it('a search catches up in steps, one a turn, even while captures go on, and only up to its own start', async () => {
    capture(1_000);
    let caughtUp = false;
    void index.caughtUp().then(() => (caughtUp = true));
    const seen: number[] = [];
    while (!caughtUp) {
      capture(10);
      await vi.advanceTimersByTimeAsync(1);
      seen.push(indexedThrough());
    }
    // Never more than a step (200 messages) between two turns of the event loop.
    expect(seen.every((through, i) => through - (seen[i - 1] ?? 0) <= 200)).toBe(true);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    const through = indexedThrough();
    expect(through).toBeGreaterThanOrEqual(1_000);
    // Once the search has its answer, the captures that came meanwhile wait for a pause, as before.
    await vi.advanceTimersByTimeAsync(100);
    expect(indexedThrough()).toBe(through);
    await vi.advanceTimersByTimeAsync(200);
    expect(indexedThrough()).toBe(1_000 + seen.length * 10);
  });

  it('a search with nothing to index goes on at once', async () => {
    capture(3);
    await vi.advanceTimersByTimeAsync(200);
    let caughtUp = false;
    void index.caughtUp().then(() => (caughtUp = true));
    await Promise.resolve();
    expect(caughtUp).toBe(true);
  });
});
