/**
 * A client of GET /_emulator/events for tests: connects like an EventSource (token in the query string), resolves
 * once the stream's first line arrived, and hands the events over one by one (next()). Clients still open after a
 * test are closed.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterEach } from 'vitest';

interface SseEvent {
  event: string | null;
  data: unknown;
}

export interface SseClient {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Everything received so far, comments included. */
  text(): string;
  events: SseEvent[];
  /** The next event not yet taken, waiting up to `ms` for it. */
  next(ms?: number): Promise<SseEvent>;
  close(): void;
}

const open: SseClient[] = [];
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

/** Connects like an EventSource (token in the query string) and resolves once the stream's first line arrived. */
export function connectEventStream(baseUrl: string, token: string): Promise<SseClient> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req: ClientRequest = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `/_emulator/events?token=${token}`,
        headers: { accept: 'text/event-stream' },
      },
      (res) => {
        let buffer = '';
        let all = '';
        let taken = 0;
        const events: SseEvent[] = [];
        const waiters: Array<() => void> = [];
        const client: SseClient = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: () => all,
          events,
          next: (ms = 10_000) =>
            new Promise((done, fail) => {
              let settled = false;
              const timer = setTimeout(() => {
                settled = true;
                fail(new Error(`no event within ${ms} ms; received:\n${all}`));
              }, ms);
              const take = () => {
                if (settled) return;
                if (taken === events.length) return void waiters.push(take);
                settled = true;
                clearTimeout(timer);
                done(events[taken++]!);
              };
              take();
            }),
          close: () => req.destroy(),
        };
        open.push(client);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          all += chunk;
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split('\n').filter((line) => !line.startsWith(':'));
            if (lines.length === 0) continue;
            const field = (name: string) =>
              lines.filter((l) => l.startsWith(`${name}: `)).map((l) => l.slice(name.length + 2));
            events.push({ event: field('event')[0] ?? null, data: JSON.parse(field('data').join('\n')) });
            for (const waiter of waiters.splice(0)) waiter();
          }
          if (all.startsWith(': connected\n\n')) resolve(client);
        });
        if (res.statusCode !== 200) {
          res.on('end', () => resolve(client));
        }
      },
    );
    req.on('error', reject);
    req.end();
  });
}
