/**
 * How the MCP tools reach the emulator: through the typed client of /_emulator (server/testing/client.ts), so each
 * tool answers exactly as that API does (its validation, its workspace per token, its server-side waits). Over
 * stdio the client speaks HTTP to a running emulator; at /mcp it calls the same app in this process.
 */
import { createClient, type EmulatorClient } from '../testing/client.js';

export interface EmulatorConnection {
  /** A client whose requests end when `signal` aborts (the MCP request was cancelled, or its client went away). */
  client(signal: AbortSignal): EmulatorClient;
}

/**
 * A connection over `fetchEmulator` (the global fetch, or the app's own) with `token`'s workspace. Each request is
 * tied to the tool call's signal and, when given, to `outer` (the HTTP request that carries the call).
 */
export function emulatorConnection(options: {
  url: string;
  token: string | null;
  fetchEmulator: typeof fetch;
  outer?: AbortSignal;
}): EmulatorConnection {
  const { url, token, fetchEmulator, outer } = options;
  return {
    client: (signal) => {
      const fetchWithSignal: typeof fetch = (input, init = {}) => {
        const signals = [signal, ...(outer === undefined ? [] : [outer]), ...(init.signal ? [init.signal] : [])];
        return fetchEmulator(input, { ...init, signal: AbortSignal.any(signals) }).catch((error: unknown) => {
          throw unreachable(url, error, signals);
        });
      };
      return createClient({ url, token, fetch: fetchWithSignal });
    },
  };
}

/** A refused connection said so an agent knows what to do; an abort stays an abort. */
function unreachable(url: string, error: unknown, signals: AbortSignal[]): unknown {
  if (signals.some((signal) => signal.aborted) || !(error instanceof TypeError)) return error;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const why = typeof cause?.code === 'string' ? cause.code : String(cause?.message ?? error.message);
  return new Error(
    `Cannot reach the emulator at ${url} (${why}): start it (npx mailcoach-emulator), or give its address with --url.`,
  );
}
