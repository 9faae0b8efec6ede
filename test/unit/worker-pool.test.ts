/**
 * The generic worker pool (server/workers/pool.ts) against a worker that speaks its protocol
 * (test/support/pool-worker.mjs): where a job runs, what a worker's death does to the jobs it had and to the
 * next one, a known error's class across threads, and close().
 */
import { threadId } from 'node:worker_threads';
import { afterEach, expect, it } from 'vitest';
import type { Job, WorkerRole } from '../../server/workers/jobs.js';
import { createWorkerPool, type WorkerPool } from '../../server/workers/pool.js';

class Refusal extends Error {}

type Where = { thread: number; input: string };
const jobs = {
  where: { run: (_here: null, input: string): Where => ({ thread: threadId, input }), waitsForWorker: () => true },
  whereAtOnce: { run: (_here: null, input: string): Where => ({ thread: threadId, input }) },
  refuse: {
    run: (_here: null, input: string): never => {
      throw new Refusal(`refused ${input}`);
    },
    waitsForWorker: () => true,
  },
  exit: { run: (): never => expect.unreachable('runs only on a worker'), waitsForWorker: () => true },
  hold: { run: (): never => expect.unreachable('runs only on a worker'), waitsForWorker: () => true },
} satisfies Record<string, Job<null, never, unknown>>;

const role: WorkerRole<null, typeof jobs, null> = {
  name: 'test-pool',
  label: 'test',
  moduleUrl: new URL('../support/pool-worker.mjs', import.meta.url).href,
  open: () => null,
  jobs,
  errors: { refusal: Refusal },
};

let pool: WorkerPool<typeof jobs> | undefined;
const open = (size: number) => {
  pool = createWorkerPool(role, { size, setup: null, here: null, readyWaitMs: 20_000 });
  return pool;
};
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

it('runs every job in this thread with no workers', async () => {
  expect(await open(0).run('where', 'a')).toEqual({ thread: threadId, input: 'a' });
});

it('runs a job that waits for a worker on the worker, and one that does not here while the worker starts', async () => {
  const jobsPool = open(1);
  const atOnce = jobsPool.run('whereAtOnce', 'b');
  const onWorker = await jobsPool.run('where', 'a');
  expect(onWorker.thread).not.toBe(threadId);
  expect(await atOnce).toEqual({ thread: threadId, input: 'b' });
  // Once the worker is ready, it takes those too.
  expect((await jobsPool.run('whereAtOnce', 'c')).thread).toBe(onWorker.thread);
  // runHere() stays in this thread whatever the workers.
  expect(await jobsPool.runHere('where', 'd')).toEqual({ thread: threadId, input: 'd' });
});

it('fails the jobs of a worker that dies, and starts another for the next job', async () => {
  const jobsPool = open(1);
  const first = (await jobsPool.run('where', 'a')).thread;
  const held = jobsPool.run('hold', undefined as never);
  await expect(jobsPool.run('exit', undefined as never)).rejects.toThrow('the test worker stopped: exit code 3');
  await expect(held).rejects.toThrow('the test worker stopped: exit code 3');
  const next = await jobsPool.run('where', 'b');
  expect(next.thread).not.toBe(first);
  expect(next.thread).not.toBe(threadId);
});

it("gives back a job's known error as its own class", async () => {
  const refused = open(1).run('refuse', 'x');
  await expect(refused).rejects.toBeInstanceOf(Refusal);
  await expect(refused).rejects.toThrow('refused x');
});

it('runs the jobs after close() in this thread', async () => {
  const jobsPool = open(1);
  expect((await jobsPool.run('where', 'a')).thread).not.toBe(threadId);
  await jobsPool.close();
  expect(await jobsPool.run('where', 'b')).toEqual({ thread: threadId, input: 'b' });
});
