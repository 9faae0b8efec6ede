/**
 * What a worker pool runs (pool.ts): a table of named jobs, each a function of a context and a plain input. The
 * same table runs on the main thread, with the main thread's context, and on a worker, with the context the worker
 * opens for itself (`WorkerRole.open`), so that where a job ran never changes what it does.
 */

/** A value as it crosses a thread boundary: the message posted, and the buffers moved with it rather than copied. */
interface Packed {
  message: unknown;
  transfer?: ArrayBuffer[];
}

/**
 * How a value crosses to or from a worker when structured cloning alone would copy too much or lose its type (a
 * Buffer arrives as a plain Uint8Array). Used only when the job runs on a worker: in this thread the value is passed
 * as it is.
 */
export interface Crossing<T> {
  pack(value: T): Packed;
  unpack(message: unknown): T;
}

export interface Job<Context, Input, Output> {
  run(context: Context, input: Input): Output | Promise<Output>;
  /**
   * Whether this input waits for a starting worker rather than run in this thread at once (false when absent): a
   * job whose first run loads much (a renderer) waits, so that only the worker loads it.
   */
  waitsForWorker?(input: Input): boolean;
  input?: Crossing<Input>;
  output?: Crossing<Output>;
}

// biome-ignore lint/suspicious/noExplicitAny: a table holds jobs of every input and output type.
export type JobTable<Context> = Record<string, Job<Context, any, any>>;

// biome-ignore lint/suspicious/noExplicitAny: any context, to read a job's input type.
export type InputOf<J> = J extends { run(context: any, input: infer Input): unknown } ? Input : never;
// biome-ignore lint/suspicious/noExplicitAny: any context and input, to read a job's output type.
export type OutputOf<J> = J extends { run(context: any, input: any): infer Output } ? Awaited<Output> : never;

/** An error class a job may throw that the caller tells apart: rebuilt as itself when it comes from a worker. */
type KnownError = new (message: string) => Error;

/**
 * A kind of worker: the module a worker loads (which calls serveWhenWorker(role) when it is loaded), what the worker
 * opens for itself before it takes jobs, and the jobs it runs.
 */
export interface WorkerRole<Context, Jobs extends JobTable<Context>, Setup> {
  /** Tells this role's workers from other workers (workerData.role). */
  name: string;
  /** What its workers are called in errors: "the <label> worker stopped: ...". */
  label: string;
  /** The URL of the module that defines the role and calls serveWhenWorker(): `import.meta.url` there. */
  moduleUrl: string;
  /** The worker's context, opened before it says it is ready: a worker that cannot open it never takes a job. */
  open(setup: Setup): Context;
  jobs: Jobs;
  /** Errors a job throws that keep their class across threads, by a name of their own. */
  errors?: Record<string, KnownError>;
}
