/**
 * The emulator's own surface (the web UI and /_emulator) on a developer's machine, guarded against other web
 * pages the developer's browser has open:
 * - DNS rebinding: a page of evil.test whose name is made to resolve to 127.0.0.1 reaches us with
 *   `Host: evil.test`. When no token is needed (bound to loopback, the default), only localhost, *.localhost,
 *   127.x.x.x, [::1], the bound address and --allowed-hosts are answered.
 * - CSRF: any page can POST to http://127.0.0.1:8088/_emulator/reset. A state change whose `Sec-Fetch-Site` is
 *   cross-site, or whose `Origin` is another machine's (or `null`: a sandboxed frame), is refused.
 * - Bound beyond loopback (`--host 0.0.0.0`), everything of /_emulator needs an accepted token (workspace.ts):
 *   other machines can reach it. The UI's static files hold no data and are served to anyone; the UI asks for
 *   the token and sends it with each request.
 * The Mailcoach API (/api) is not guarded here: it behaves as Mailcoach does (any origin, bearer tokens).
 */
import type { Context } from 'hono';
import type { UiTokenMode } from '../config.js';
import { crossSiteRequest, hostNotAllowed } from '../errors.js';

export interface LocalSurfaceOptions {
  /** The bound address (`--host`). */
  host: string;
  uiToken: UiTokenMode;
  /** Lower-cased host names. */
  allowedHosts: string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isLoopbackAddress(address: string): boolean {
  const host = address.toLowerCase();
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Whether the UI and /_emulator need an accepted token. */
export function tokenNeeded(options: Pick<LocalSurfaceOptions, 'host' | 'uiToken'>): boolean {
  return options.uiToken === 'required' || (options.uiToken === 'auto' && !isLoopbackAddress(options.host));
}

/** The name part of a Host header or URL host: lower-cased, without the port; an IPv6 address keeps its brackets. */
function hostName(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end === -1 ? value : value.slice(0, end + 1);
  }
  const colon = value.lastIndexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

/**
 * A name of one label (`mailpit`, `mailcoach-emulator`): a compose service or a name of the local network. DNS
 * rebinding needs a name whose DNS the attacker controls, and no public name has a single label (ICANN allows no
 * dotless domains), so a compose setup reaches the emulator by its service name without --allowed-hosts.
 */
const SINGLE_LABEL = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/;

function isThisMachine(name: string, options: LocalSurfaceOptions): boolean {
  return (
    isLoopbackAddress(name) ||
    name.endsWith('.localhost') ||
    (SINGLE_LABEL.test(name) && /[a-z]/.test(name)) ||
    name === options.host.toLowerCase() ||
    name === `[${options.host.toLowerCase()}]` ||
    options.allowedHosts.includes(name)
  );
}

/**
 * The DNS-rebinding guard alone, for a surface with its own rule for origins (the Mailpit surface): throws the 403
 * for a Host that names another machine when no token is needed; returns the Host's name.
 */
export function createHostCheck(options: LocalSurfaceOptions): (host: string) => string {
  const checkHost = !tokenNeeded(options);
  return (host) => {
    const name = hostName(host);
    if (checkHost && !isThisMachine(name, options)) throw hostNotAllowed(host);
    return name;
  };
}

/** Throws the 403 a request of another site's page gets; returns for one the surface answers. */
export function createLocalSurfaceCheck(options: LocalSurfaceOptions): (c: Context) => void {
  const checkHost = createHostCheck(options);
  return (c) => {
    // An in-process request (app.request()) has no Host header: its URL's host stands in.
    const name = checkHost(c.req.header('host') ?? new URL(c.req.url).host);
    if (!SAFE_METHODS.has(c.req.method)) {
      if (c.req.header('sec-fetch-site') === 'cross-site') throw crossSiteRequest();
      const origin = c.req.header('origin');
      if (origin !== undefined && !isOwnOrigin(origin, name, options)) throw crossSiteRequest();
    }
  };
}

/** An Origin of this machine (any port: the developer's app on localhost:3000 may reset it), or the Host's own. */
function isOwnOrigin(origin: string, requestHostName: string, options: LocalSurfaceOptions): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const name = hostName(url.host);
  return name === requestHostName || isThisMachine(name, options);
}
