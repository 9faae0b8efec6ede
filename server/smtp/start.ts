/**
 * The SMTP intake for a Config: the plain listener (`--smtp-port`, STARTTLS when asked for) and the implicit-TLS one
 * (`--smtps-port`) on the HTTP listener's address, each message handed to receiveSmtpMessage() (intake.ts), which
 * stores it through the capture path. server.ts starts them and closes them before the store closes.
 *
 * The rule for AUTH is the UI's (server.ts passes it in: `authRequired`): where the UI needs a token (bound beyond
 * loopback, or --ui-token required), SMTP needs AUTH with an accepted token as the password. With --isolate the
 * token picks the workspace; a client without AUTH (or, where any AUTH will do, with a password that is no accepted
 * token) writes to the default workspace.
 */
import { systemClock } from '../clock.js';
import type { Config } from '../config.js';
import type { AppDeps } from '../deps.js';
import { smtpReplyOf } from '../faults/fault-rules.js';
import type { Logger } from '../logger.js';
import { loadOrCreateCertificate } from '../tls.js';
import type { SmtpListener, SmtpListenerOptions } from './listener.js';

export interface SmtpListeners {
  smtp: SmtpListener | null;
  smtps: SmtpListener | null;
}

export type SmtpDeps = Pick<AppDeps, 'workspaces' | 'faults' | 'random' | 'events' | 'clock' | 'ids' | 'capture'>;

/**
 * `started` hears each listener as soon as it listens, so that a start failing on the second (its port in use)
 * still closes the first.
 */
export async function startSmtp(
  config: Config,
  deps: SmtpDeps,
  logger: Logger,
  authRequired: boolean,
  started: (listeners: SmtpListeners) => void,
): Promise<SmtpListeners> {
  const listeners: SmtpListeners = { smtp: null, smtps: null };
  if (config.smtpPort === null && config.smtpsPort === null) return listeners;
  // Loaded here: most runs receive no SMTP, and smtp-server need not weigh on every start.
  const [{ startSmtpListener }, { receiveSmtpMessage }] = await Promise.all([
    import('./listener.js'),
    import('./intake.js'),
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
    authRequired,
    tokenAccepted: (token) => config.anyToken || known.has(token),
    tls: tls === null ? null : { key: tls.key, cert: tls.cert },
    logger,
    receive: async (raw, envelope, token, username) => {
      const workspaceId = workspaceOf(token);
      const uuid = await receiveSmtpMessage(deps, raw, envelope, workspaceId, username);
      deps.events.emit('smtp.accepted', { workspaceId, uuid });
    },
    refused: ({ command, code, line, ip, token }) =>
      deps.events.emit('smtp.refused', { workspaceId: workspaceOf(token), command, code, line, ip }),
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
