/**
 * The background indexer (server/emulator/background-index.ts) waits for captures to pause, then catches up in
 * bounded steps; under captures that never pause it still takes small steps once the backlog is large.
 * Timers are faked: the test decides when time passes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inProcessApp, type InProcessApp } from '../support/in-process.js';
import { plainMessage } from '../support/stored-message.js';

let env: InProcessApp;
let workspaceId: number;
let next = 0;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
  env = inProcessApp();
  workspaceId = env.deps.workspaces.defaultId;
});

afterEach(() => {
  env.close();
  vi.useRealTimers();
});

/** Stores `count` messages and announces each, as a send does. */
function capture(count: number): void {
  for (let i = 0; i < count; i++) {
    next++;
    const message = plainMessage(workspaceId, next);
    env.deps.store.messages.insert(message);
    env.deps.events.emit('message.captured', { workspaceId, uuid: message.uuid });
  }
}

/** The highest message id known to be in the search index (migration 3's mark). */
const indexedThrough = () => env.deps.store.messages.indexedThrough();

describe('indexInBackground', () => {
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
});
