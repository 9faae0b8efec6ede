/**
 * A worker for test/unit/worker-pool.test.ts, speaking the pool's protocol (server/workers/protocol.ts) by hand:
 * under vitest a worker cannot load the TypeScript of server/workers/serve.ts, so this plain module stands in for
 * a role's module. Its jobs answer where they ran, fail with a known error, or end the worker.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';

if (parentPort !== null && workerData?.role === 'test-pool') {
  parentPort.on('message', ({ id, job, input }) => {
    if (job === 'where' || job === 'whereAtOnce') parentPort.postMessage({ id, output: { thread: threadId, input } });
    else if (job === 'refuse') parentPort.postMessage({ id, failure: `refused ${input}`, knownError: 'refusal' });
    else if (job === 'exit') process.exit(3);
    // 'hold' never answers: a job in flight when the worker ends.
  });
  parentPort.postMessage({ ready: true });
}
