/** The messages between a pool (pool.ts) and its workers (serve.ts). */

/** What a worker is started with. */
export interface WorkerStart<Setup> {
  role: string;
  moduleUrl: string;
  setup: Setup;
}

export interface JobRequest {
  id: number;
  job: string;
  input: unknown;
}

export type WorkerReply =
  | { ready: true }
  | { id: number; output: unknown }
  /** `knownError` names a role's known error class (WorkerRole.errors) when the job threw one. */
  | { id: number; failure: string; knownError?: string };
