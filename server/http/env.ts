/** The per-request values our middleware hands to handlers through Hono's context. */
import type { Input } from '../validation/input.js';

export interface AppEnv {
  Variables: {
    /** The workspace the bearer token resolved to; every stored row belongs to one. */
    workspaceId: number;
    /** The request's input, read once (see input.ts). */
    input: Input;
    /** The request body's bytes, read once (see body.ts). */
    body: Promise<Uint8Array>;
  };
}
