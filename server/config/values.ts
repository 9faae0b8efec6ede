/**
 * The parsers of option values: each turns one raw flag or environment value into its typed setting, or throws a
 * ConfigError whose one line says what was wrong.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { OnlineLinkMode } from '../checks/online.js';
import { isWebhookUrl } from '../webhooks/configurations.js';
import { isWebhookRetries, WEBHOOK_RETRY_MODES, type WebhookRetries } from '../webhooks/retries.js';
import { bundledFixturesDir, DEFAULT_SMTP_PORT, DEFAULT_TOKEN } from './defaults.js';
import { ConfigError, FixturesPathError } from './errors.js';

export function integerOption(
  flag: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${flag} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${flag} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** Validates a spec with the parser that will use it later, so a bad value fails at the command line. */
export function checked(flag: string, spec: string, parse: (spec: string) => unknown): string {
  try {
    parse(spec);
  } catch (error) {
    throw new ConfigError(`${flag}: ${(error as Error).message}`);
  }
  return spec;
}

export function optionalPort(flag: string, raw: string | undefined): number | null {
  return raw === undefined || raw === '' ? null : integerOption(flag, raw, 0, 0, 65535);
}

/** A port that is off unless given (`off` says so too). */
export function offOrPort(flag: string, raw: string | undefined): number | null {
  if (isOff(raw)) return null;
  return portOrOff(flag, raw, 'SMTPS', () => optionalPort(flag, raw));
}

export function smtpPortOption(raw: string | undefined): number | null {
  if (isOff(raw)) return null;
  return portOrOff('--smtp-port', raw, 'SMTP', () => integerOption('--smtp-port', raw, DEFAULT_SMTP_PORT, 0, 65535));
}

function isOff(raw: string | undefined): boolean {
  return raw !== undefined && raw.trim().toLowerCase() === 'off';
}

/** A port option that can also be `off` says so when it refuses a value: `none`, `false` or `no` is not `off`. */
function portOrOff(flag: string, raw: string | undefined, service: string, parse: () => number | null): number | null {
  try {
    return parse();
  } catch {
    throw new ConfigError(
      `${flag} must be a port from 0 to 65535 (0 picks a free one) or off (no ${service}), got "${raw}"`,
    );
  }
}

export function tlsFiles(
  cert: string | undefined,
  key: string | undefined,
): { tlsCert: string | null; tlsKey: string | null } {
  if ((cert === undefined) !== (key === undefined)) throw new ConfigError('--tls-cert and --tls-key go together');
  for (const [flag, file] of [
    ['--tls-cert', cert],
    ['--tls-key', key],
  ] as const) {
    if (file !== undefined && !existsSync(file)) throw new ConfigError(`${flag}: no such file "${file}"`);
  }
  return { tlsCert: cert ?? null, tlsKey: key ?? null };
}

export function fileOption(flag: string, raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (!existsSync(raw)) throw new ConfigError(`${flag}: no such file "${raw}"`);
  return resolve(raw);
}

export function rateLimitOption(raw: string | undefined): number | null {
  if (raw === undefined || raw === '' || raw === 'off') return null;
  const value = integerOption('--rate-limit', raw, 0, 0, 1_000_000);
  return value === 0 ? null : value;
}

export type UiTokenMode = 'auto' | 'required' | 'off';

export function uiTokenOption(raw: string | undefined): UiTokenMode {
  if (raw === undefined || raw === '') return 'auto';
  if (raw === 'auto' || raw === 'required' || raw === 'off') return raw;
  throw new ConfigError(`--ui-token must be auto, required or off, got "${raw}"`);
}

export function nonEmpty(flag: string, value: string): string {
  if (value.trim() === '') throw new ConfigError(`${flag} must not be empty`);
  return value;
}

/** http:// is accepted, unlike Mailcoach's create form: the app under test usually runs on localhost (decisions.md). */
export function webhookUrls(urls: string[]): string[] {
  for (const url of urls) {
    if (!isWebhookUrl(url)) throw new ConfigError(`--webhook must be an http:// or https:// URL, got "${url}"`);
  }
  // The same URL twice is one configuration (webhooks/configurations.ts), so one call per event, not two.
  return [...new Set(urls)];
}

const CHECK_LINK_MODES: Record<string, OnlineLinkMode> = {
  offline: 'off',
  online: 'online',
  'online-all': 'online-all',
};

export function checkLinksOption(raw: string): OnlineLinkMode {
  const mode = CHECK_LINK_MODES[raw];
  if (mode === undefined)
    throw new ConfigError(`--check-links must be one of ${Object.keys(CHECK_LINK_MODES).join(', ')}, got "${raw}"`);
  return mode;
}

export function webhookRetriesOption(raw: string): WebhookRetries {
  if (!isWebhookRetries(raw))
    throw new ConfigError(`--webhook-retries must be one of ${WEBHOOK_RETRY_MODES.join(', ')}, got "${raw}"`);
  return raw;
}

export function tokensOption(flags: string[] | undefined, env: string | undefined): string[] {
  const tokens = flags ?? listOption('MAILCOACH_EMULATOR_TOKENS', env) ?? [DEFAULT_TOKEN];
  for (const token of tokens) {
    if (token.trim() === '' || /\s/.test(token))
      throw new ConfigError(`--token must be non-empty without spaces, got "${token}"`);
  }
  return tokens;
}

export function listOption(name: string, raw: string | undefined): string[] | null {
  if (raw === undefined) return null;
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw new ConfigError(`${name} must list at least one value`);
  return items;
}

export function fixturesOption(setting: string | undefined): string | null {
  if (setting === 'none') return null;
  const dir = resolve(setting ?? bundledFixturesDir());
  const stats = statSync(dir, { throwIfNoEntry: false });
  if (stats === undefined) throw new FixturesPathError(`--fixtures: no such directory "${dir}"`);
  if (!stats.isDirectory()) throw new FixturesPathError(`--fixtures: "${dir}" is not a directory`);
  return dir;
}

const TRUE_VALUES = ['1', 'true', 'yes', 'on'];
const FALSE_VALUES = ['', '0', 'false', 'no', 'off'];

export function booleanEnv(name: string, env: NodeJS.ProcessEnv): boolean {
  const raw = env[name];
  if (raw === undefined) return false;
  const value = raw.trim().toLowerCase();
  if (TRUE_VALUES.includes(value)) return true;
  if (FALSE_VALUES.includes(value)) return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`);
}
