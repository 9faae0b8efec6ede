/**
 * Mailpit's websocket, `/api/events` (docs/spec/mailpit-api.md#3-websocket-apievents-mp-serverwebsocketsgo-internalstoragego-mpweb-websocketmd-mpapi-packagesmailpit-wssrcindexts),
 * served beside Hono on the HTTP(S) servers' `upgrade` event (server.ts), with the surface's caller rules
 * (surface.ts) applied to the upgrade request's headers. Each client hears its own workspace only. The event bus
 * maps to Mailpit's events: a capture to `new` (its MessageSummary with `[]` for empty lists), a read state a
 * write changed to `update`, deletes to `delete` per message (`prune` beyond 200, `truncate` for all), and any
 * change to one `stats` 250 ms later (at most one pending), as after a connect. Pings every 54 s, as Mailpit's.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { goJson } from '../go-json.js';
import { MAILPIT_VERSION } from './answers.js';
import { toMailpitId } from './ids.js';
import { messageSummary } from './summary.js';
import { createMailpitCallerCheck } from './surface.js';

const PATH = '/api/events';
const STATS_DELAY_MS = 250;
const PING_INTERVAL_MS = 54_000;
/** Beyond this many deleted by one search, Mailpit sends one `prune` instead of a `delete` each. */
const DELETE_EVENTS_MAX = 200;

export interface MailpitEventsSocket {
  /** The `upgrade` listener of an HTTP(S) server. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every client and stops listening (before the servers close: an upgraded socket keeps them open). */
  close(): void;
}

export function serveMailpitEvents(deps: AppDeps): MailpitEventsSocket {
  const sockets = new WebSocketServer({ noServer: true, perMessageDeflate: true });
  const check = createMailpitCallerCheck(deps);
  const clients = new Map<WebSocket, number>();
  const pendingStats = new Map<number, NodeJS.Timeout>();

  const listening = (workspaceId: number) => [...clients.values()].includes(workspaceId);
  const broadcast = (workspaceId: number, type: string, data: unknown) => {
    const frame = goJson({ Type: type, Data: data }).trimEnd();
    for (const [client, clientWorkspace] of clients) {
      if (clientWorkspace === workspaceId && client.readyState === client.OPEN) client.send(frame);
    }
  };
  const scheduleStats = (workspaceId: number) => {
    if (pendingStats.has(workspaceId) || !listening(workspaceId)) return;
    const timer = setTimeout(() => {
      pendingStats.delete(workspaceId);
      const totals = deps.store.mailpit.totals(workspaceId);
      broadcast(workspaceId, 'stats', { Total: totals.total, Unread: totals.unread, Version: MAILPIT_VERSION });
    }, STATS_DELAY_MS);
    timer.unref();
    pendingStats.set(workspaceId, timer);
  };

  const unsubscribe = [
    deps.events.on('message.captured', ({ workspaceId, uuid }) => {
      if (!listening(workspaceId)) return;
      const row = deps.store.mailpit.summaryByUuid(workspaceId, uuid);
      if (row !== undefined) {
        const tags = deps.store.messageTags.tagsOfMessages([row.id]).get(row.id) ?? [];
        // Mailpit announces a captured mail's tags as an update just before `new`.
        if (tags.length > 0) broadcast(workspaceId, 'update', { ID: toMailpitId(uuid), Tags: tags });
        broadcast(workspaceId, 'new', messageSummary(row, 'event', tags));
      }
      scheduleStats(workspaceId);
    }),
    deps.events.on('message.updated', ({ workspaceId, uuid, read }) => {
      if (!listening(workspaceId)) return;
      if (read !== undefined) broadcast(workspaceId, 'update', { ID: toMailpitId(uuid), Read: read });
      scheduleStats(workspaceId);
    }),
    deps.events.on('message.tagged', ({ workspaceId, uuid, tags }) => {
      if (listening(workspaceId)) broadcast(workspaceId, 'update', { ID: toMailpitId(uuid), Tags: tags });
    }),
    // A tag renamed or deleted: Mailpit asks its clients to reload (`prune`).
    deps.events.on('message-tags.pruned', ({ workspaceId }) => {
      if (listening(workspaceId)) broadcast(workspaceId, 'prune', null);
    }),
    deps.events.on('messages.deleted', ({ workspaceId, uuids }) => {
      if (!listening(workspaceId)) return;
      if (uuids === null) broadcast(workspaceId, 'truncate', null);
      else if (uuids.length > DELETE_EVENTS_MAX) broadcast(workspaceId, 'prune', null);
      else for (const uuid of uuids) broadcast(workspaceId, 'delete', { ID: toMailpitId(uuid) });
      scheduleStats(workspaceId);
    }),
    // An SMTP reply of 4xx is a warning, of 5xx an error (MP internal/smtpd/main.go LogWrite).
    deps.events.on('smtp.refused', ({ workspaceId, code, line, ip }) => {
      if (!listening(workspaceId)) return;
      const level = code >= 500 ? 'error' : 'warning';
      broadcast(workspaceId, 'error', { Level: level, Type: 'smtpd', IP: ip, Message: line });
    }),
    deps.events.on('workspace.reset', ({ workspaceId }) => {
      if (!listening(workspaceId)) return;
      broadcast(workspaceId, 'truncate', null);
      scheduleStats(workspaceId);
    }),
  ];

  const pings = setInterval(() => {
    for (const client of clients.keys()) if (client.readyState === client.OPEN) client.ping();
  }, PING_INTERVAL_MS);
  pings.unref();

  return {
    upgrade(request, socket, head) {
      const path = (request.url ?? '').split('?')[0];
      if (path !== PATH) {
        refuse(socket, 404, '404 page not found\n');
        return;
      }
      let workspaceId: number;
      try {
        workspaceId = check((name) => headerOf(request, name)).workspaceId;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        refuse(socket, error.status, error.message, error.headers);
        return;
      }
      sockets.handleUpgrade(request, socket, head, (client) => {
        clients.set(client, workspaceId);
        client.on('close', () => clients.delete(client));
        // Mailpit reads nothing from its clients; an error only ends that client.
        client.on('error', () => client.terminate());
        scheduleStats(workspaceId);
      });
    },
    close() {
      for (const stop of unsubscribe) stop();
      clearInterval(pings);
      for (const timer of pendingStats.values()) clearTimeout(timer);
      pendingStats.clear();
      for (const client of clients.keys()) client.terminate();
      clients.clear();
      sockets.close();
    },
  };
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Answers an upgrade request the surface refuses as an HTTP response, then closes the socket. */
function refuse(socket: Duplex, status: number, body: string, headers: Record<string, string> = {}): void {
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}`,
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  421: 'Misdirected Request',
};
