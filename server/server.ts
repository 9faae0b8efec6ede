/** Starts the HTTP server for a Config; used by the CLI and by anything embedding the emulator. */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { forwardMailcoachEventsToWebhooks } from './mailcoach/webhook-payloads.js';
import type { Config } from './config.js';
import { createDeps, type AppDeps } from './deps.js';
import type { Logger } from './logger.js';
import { startCampaignScheduler, type CampaignScheduler } from './campaigns/scheduler.js';
import { systemClock } from './clock.js';
import { watchFixtures } from './fixtures/watch.js';
import { loadOrCreateCertificate } from './tls.js';
import { tokenNeeded } from './http/local-surface.js';
import type { SmtpListener, SmtpListenerOptions } from './smtp/listener.js';
import { smtpReplyOf } from './faults/fault-rules.js';

export interface RunningEmulator {
  url: string;
  port: number;
  /** The HTTPS listener, when one was asked for. */
  https: { url: string; port: number; certPath: string } | null;
  /** The SMTP intake (server/smtp/), unless `--smtp-port off`. */
  smtp: { port: number; starttls: boolean; authRequired: boolean } | null;
  /** The implicit-TLS SMTP port (`--smtps-port`), or null. */
  smtps: { port: number } | null;
  deps: AppDeps;
  close(): Promise<void>;
}

export async function startServer(config: Config, logger: Logger): Promise<RunningEmulator> {
  const deps = createDeps(config, logger);
  const app = createApp(deps);
  // Mailcoach events become webhook calls only in a running server: one listener per deps.
  const stopForwarding = forwardMailcoachEventsToWebhooks(deps);
  const servers: ServerType[] = [];
  const watcher = config.watch && config.fixturesDir !== null ? watchFixtures(deps, config.fixturesDir) : null;
  let scheduler: CampaignScheduler | null = null;
  let smtpListeners: SmtpListeners = { smtp: null, smtps: null };
  const close = async () => {
    watcher?.close();
    stopForwarding();
    await scheduler?.stop();
    // Before the store closes: the messages the SMTP listener has received in full are stored first.
    await Promise.all([smtpListeners.smtp?.close(), smtpListeners.smtps?.close()]);
    return closeAll(servers, deps);
  };
  try {
    servers.push(await listen({ fetch: app.fetch, port: config.port, hostname: config.host }));
    // Scheduled campaigns' mails link to this listener (no request gives a URL then).
    const linkHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    scheduler = startCampaignScheduler(deps, urlOf('http', linkHost, servers[0] as ServerType));
    let https: RunningEmulator['https'] = null;
    if (config.httpsPort !== null) {
      // The real time, not the emulator's clock: clients check a certificate's validity against their own clock, so
      // one made under `--clock fixed:2025-...` would expire for them on the real date (the HTTPS tests' did).
      const tls = await loadOrCreateCertificate({
        certFile: config.tlsCert,
        keyFile: config.tlsKey,
        dbPath: config.dbPath,
        clock: systemClock,
      });
      // Loaded here: most starts serve plain HTTP only, and node:https is one more module for each of them.
      const { createServer: createHttpsServer } = await import('node:https');
      const secure = await listen({
        fetch: app.fetch,
        port: config.httpsPort,
        hostname: config.host,
        createServer: createHttpsServer,
        serverOptions: { key: tls.key, cert: tls.cert },
      });
      servers.push(secure);
      https = { url: urlOf('https', config.host, secure), port: portOf(secure), certPath: tls.certPath };
    }
    smtpListeners = await startSmtp(config, deps, logger, (started) => (smtpListeners = started));
    const smtp =
      smtpListeners.smtp === null
        ? null
        : { port: smtpListeners.smtp.port, starttls: config.smtpStartTls, authRequired: tokenNeeded(config) };
    const smtps = smtpListeners.smtps === null ? null : { port: smtpListeners.smtps.port };
    deps.smtpListening = {
      port: smtp?.port ?? null,
      smtpsPort: smtps?.port ?? null,
      starttls: smtp?.starttls ?? false,
    };
    const [plain] = servers as [ServerType];
    return { url: urlOf('http', config.host, plain), port: portOf(plain), https, smtp, smtps, deps, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The SMTP intake on the HTTP listener's address. The rule for its AUTH is the UI's: where the UI needs a token
 * (bound beyond loopback, or --ui-token required), SMTP needs AUTH with an accepted token as the password. With
 * --isolate the token picks the workspace; a client without AUTH (or, where any AUTH will do, with a password that
 * is no accepted token) writes to the default workspace.
 */
interface SmtpListeners {
  smtp: SmtpListener | null;
  smtps: SmtpListener | null;
}

/**
 * `started` hears each listener as soon as it listens, so that a start failing on the second (its port in use)
 * still closes the first.
 */
async function startSmtp(
  config: Config,
  deps: AppDeps,
  logger: Logger,
  started: (listeners: SmtpListeners) => void,
): Promise<SmtpListeners> {
  const listeners: SmtpListeners = { smtp: null, smtps: null };
  if (config.smtpPort === null && config.smtpsPort === null) return listeners;
  const [{ startSmtpListener }, { receiveSmtpMessage }] = await Promise.all([
    import('./smtp/listener.js'),
    import('./smtp/intake.js'),
  ]);
  const tls =
    config.smtpStartTls || config.smtpsPort !== null
      ? await loadOrCreateCertificate({
          certFile: config.tlsCert,
          keyFile: config.tlsKey,
          dbPath: config.dbPath,
          clock: systemClock,
        })
      : null;
  const known = new Set(config.tokens);
  const workspaceOf = (token: string | null) =>
    token === null ? deps.workspaces.defaultId : deps.workspaces.forToken(token);
  const options = {
    host: config.host,
    maxBytes: config.maxBodyBytes,
    maxRecipients: config.smtpMaxRecipients,
    idleMs: config.smtpIdleTimeoutMs,
    connectionMs: config.smtpConnectionTimeoutMs,
    authRequired: tokenNeeded(config),
    tokenAccepted: (token) => config.anyToken || known.has(token),
    tls: tls === null ? null : { key: tls.key, cert: tls.cert },
    logger,
    receive: async (raw, envelope, token) => {
      await receiveSmtpMessage(deps, raw, envelope, workspaceOf(token));
    },
    // The workspace's fault rules for SMTP, drawn and counted as its HTTP rules are (http/apply-faults.ts).
    fault: (command, envelope, token) => {
      const workspaceId = workspaceOf(token);
      const rule = deps.faults.fireSmtp(
        workspaceId,
        { command, sender: envelope.from, recipients: envelope.to },
        deps.random,
      );
      return rule === null ? null : smtpReplyOf(rule.spec);
    },
  } satisfies Omit<SmtpListenerOptions, 'port'>;
  if (config.smtpPort !== null) {
    // STARTTLS only when asked for (config.ts says why); the smtps port below speaks TLS anyway.
    listeners.smtp = await startSmtpListener({
      ...options,
      port: config.smtpPort,
      tls: config.smtpStartTls ? options.tls : null,
    });
    started({ ...listeners });
  }
  if (config.smtpsPort !== null) {
    listeners.smtps = await startSmtpListener({ ...options, port: config.smtpsPort, implicitTls: true });
    started({ ...listeners });
  }
  return listeners;
}

type ServeOptions = Parameters<typeof serve>[0];

function listen(options: ServeOptions): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve(options, () => resolve(server));
    server.once('error', reject);
  });
}

function portOf(server: ServerType): number {
  return (server.address() as AddressInfo).port;
}

function urlOf(scheme: string, host: string, server: ServerType): string {
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}:${portOf(server)}`;
}

async function closeAll(servers: ServerType[], deps: AppDeps): Promise<void> {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          if ('closeAllConnections' in server) server.closeAllConnections();
        }),
    ),
  );
  deps.webhookDelivery.stop();
  deps.problemChecker.stop();
  await Promise.all([deps.capture.close(), deps.searchWorker.close()]);
  deps.searchIndexer.stop();
  deps.store.close();
}
