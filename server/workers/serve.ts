/**
 * The worker's side of a pool (pool.ts): a worker loads its role's module, which calls serveWhenWorker(role) as it
 * loads; in a worker started for that role, it opens the role's context, says it is ready and answers jobs until
 * the port closes. Anywhere else (the main thread, a worker of another role) it does nothing.
 */
import { isMainThread, type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { JobTable, WorkerRole } from './jobs.js';
import type { JobRequest, WorkerReply, WorkerStart } from './protocol.js';

export function serveWhenWorker<Context, Jobs extends JobTable<Context>, Setup>(
  role: WorkerRole<Context, Jobs, Setup>,
): void {
  const start = workerData as WorkerStart<Setup> | null | undefined;
  if (isMainThread || parentPort === null || start?.role !== role.name) return;
  serve(parentPort, role, start.setup);
}

function serve<Context, Jobs extends JobTable<Context>, Setup>(
  port: MessagePort,
  role: WorkerRole<Context, Jobs, Setup>,
  setup: Setup,
): void {
  // Opened before the worker says it is ready: a worker that cannot open it dies unready, which turns the pool off.
  const context = role.open(setup);
  const errorName = (error: unknown): string | undefined =>
    Object.entries(role.errors ?? {}).find(([, type]) => error instanceof type)?.[0];
  // Jobs are not queued here: each starts as it arrives, so that one waiting on a group commit holds no other.
  port.on('message', async ({ id, job: name, input }: JobRequest) => {
    try {
      const job = role.jobs[name];
      if (job === undefined) throw new Error(`no job named ${name} in the ${role.name} role`);
      const output = await job.run(context, job.input === undefined ? input : job.input.unpack(input));
      if (job.output === undefined) {
        port.postMessage({ id, output } satisfies WorkerReply);
        return;
      }
      const packed = job.output.pack(output);
      port.postMessage({ id, output: packed.message } satisfies WorkerReply, packed.transfer ?? []);
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      const known = errorName(error);
      port.postMessage({ id, failure, ...(known === undefined ? {} : { knownError: known }) } satisfies WorkerReply);
    }
  });
  port.postMessage({ ready: true } satisfies WorkerReply);
}
