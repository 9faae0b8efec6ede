/**
 * The opt-in online link check (`--check-links online`; README "Mail checks"): each http(s) link of a mail that is
 * not one of the emulator's own pages gets a HEAD request (a GET, its body left unread, where HEAD is refused), so
 * that a link to a page that answers 404 is caught. Off by default: the emulator makes no request a mail names
 * unless asked, and even then none to a private address (loopback, RFC 1918, link-local, CGNAT, ULA...) unless
 * asked for those too (`online-all`): a captured mail must not turn the emulator into a probe of the developer's
 * network. The address is checked where the connection is made (the request's DNS lookup), so a name cannot
 * resolve to a public address for the check and a private one for the request.
 *
 * A hostile or slow server costs at most TIMEOUT_MS of its own link's check: no redirect is followed (a 3xx is an
 * answer), nothing of a body is read, and at most CONCURRENCY requests of a report run at once; answers are
 * kept for CACHE_MS so that opening the same mail again asks nothing.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { BoundedCache } from '../bounded-cache.js';
import { linkIssue } from './links.js';
import type { CheckIssue, ChecksReport, LinkReport } from './report.js';

export type OnlineLinkMode = 'off' | 'online' | 'online-all';

/** What one link's request found: its status, why there is none, or why it was not asked. */
export interface OnlineLinkResult {
  status: number | null;
  /** The request failed: no answer within the timeout, a refused connection, an unknown host. */
  error: string | null;
  /** Not requested: a private address (`--check-links online-all` asks those too). */
  skipped: string | null;
}

export interface OnlineLinkChecker {
  /** Each URL's result, by URL (each asked once however often the mail names it). */
  check(urls: string[]): Promise<Map<string, OnlineLinkResult>>;
}

const TIMEOUT_MS = 3_000;
const CONCURRENCY = 8;
/** Beyond these, a report's links are left unasked (a mail of 10,000 links is checked offline only). */
const MAX_LINKS = 200;
const CACHE_MS = 5 * 60_000;
const USER_AGENT = 'mailcoach-emulator (link check)';

/** Addresses no mail's link should make the emulator request unless asked: the developer's own networks. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address.
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  if (mapped !== undefined) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class PrivateAddress extends Error {}

/**
 * `now`: a monotonic reading in ms for the cache's age (default performance.now()): the network's state ages in
 * real time, not on the emulator's clock, which tests freeze and step.
 */
export function createOnlineLinkChecker(options: {
  mode: Exclude<OnlineLinkMode, 'off'>;
  now?: () => number;
}): OnlineLinkChecker {
  const now = options.now ?? (() => performance.now());
  const cache = new BoundedCache<{ at: number; result: OnlineLinkResult }>({ maxEntries: 5_000, maxKeyLength: 2_000 });
  const allowPrivate = options.mode === 'online-all';

  /** dns.lookup, refusing a private address unless they are allowed: where the connection takes its address. */
  const guardedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address))) {
        return callback(new PrivateAddress(`${hostname} resolves to a private address`), '', 0);
      }
      if (lookupOptions.all)
        return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };

  const ask = (url: URL, method: 'HEAD' | 'GET'): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
        method,
        lookup: guardedLookup,
        headers: { 'user-agent': USER_AGENT, accept: '*/*' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      request.on('response', (response) => {
        resolve(response);
        // Only the status is wanted: the body is never read.
        response.destroy();
      });
      request.on('error', reject);
      request.end();
    });

  const checkOne = async (raw: string): Promise<OnlineLinkResult> => {
    const url = new URL(raw);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && (isPrivateAddress(host) || /^localhost$/i.test(host) || /\.localhost$/i.test(host))) {
      return { status: null, error: null, skipped: 'a private address (--check-links online-all checks those too)' };
    }
    try {
      let response = await ask(url, 'HEAD');
      // Some servers refuse HEAD: their GET's status is the link's.
      if (response.statusCode === 405 || response.statusCode === 501) response = await ask(url, 'GET');
      return { status: response.statusCode ?? null, error: null, skipped: null };
    } catch (error) {
      if (error instanceof PrivateAddress)
        return { status: null, error: null, skipped: `${error.message} (--check-links online-all checks those too)` };
      return { status: null, error: failureReason(error), skipped: null };
    }
  };

  return {
    async check(urls) {
      const unique = [...new Set(urls)].slice(0, MAX_LINKS);
      const results = new Map<string, OnlineLinkResult>();
      const pending: string[] = [];
      for (const url of unique) {
        const kept = cache.get(url);
        if (kept !== undefined && now() - kept.at < CACHE_MS) results.set(url, kept.result);
        else pending.push(url);
      }
      const worker = async () => {
        for (let url = pending.shift(); url !== undefined; url = pending.shift()) {
          const result = await checkOne(url);
          results.set(url, result);
          cache.set(url, { at: now(), result });
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, pending.length) }, worker));
      return results;
    },
  };
}

/** The links worth a request: http(s), not the emulator's own pages, nothing wrong with them offline. */
export function onlineCandidates(report: ChecksReport): string[] {
  return report.links
    .filter((link) => !link.emulator && /^https?:/i.test(link.url) && link.problems.length === 0)
    .map((link) => link.url);
}

/**
 * The report with each requested link's result: a status of 400 or more is a problem (`link-broken`: every reader
 * gets that page), no answer a warning (`link-unreachable`: it may be this machine's network).
 */
export function withOnlineResults(report: ChecksReport, results: Map<string, OnlineLinkResult>): ChecksReport {
  const found: CheckIssue[] = [];
  const links = report.links.map((link): LinkReport => {
    const online = results.get(link.url);
    if (online === undefined) return link;
    const problems = [...link.problems];
    if (online.status !== null && online.status >= 400) {
      problems.push(`link-broken: the page answers ${online.status}`);
      found.push(linkIssue(link, 'link-broken', 'problem', `the page answers ${online.status}`));
    } else if (online.error !== null) {
      found.push(linkIssue(link, 'link-unreachable', 'warning', online.error));
    }
    return { ...link, problems, online };
  });
  const issues = [...report.issues, ...found];
  const problems = issues.filter((issue) => issue.severity === 'problem').length;
  return { ...report, summary: { problems, warnings: issues.length - problems }, issues, links };
}

function failureReason(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${TIMEOUT_MS / 1000} s`;
  const code = (error as { code?: string }).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  return error instanceof Error ? error.message : String(error);
}
