/**
 * Every `href` and `src` of the HTML with its problems, and this emulator's own pages (README "Mail checks";
 * mailcoach/public-routes.ts) resolved offline against its records, so that an unsubscribe link naming a
 * subscriber that does not exist is caught without a request.
 */
import type { Document, Element } from 'domhandler';
import type { CheckIssue, LinkReport } from './report.js';

/** What the emulator's own pages look up (the routes take uuids of any workspace, as the links name none). */
export interface EmulatorRecords {
  subscriberExists(uuid: string): boolean;
  sendExists(uuid: string): boolean;
  /** 'ok', 'missing', or 'disabled' (the campaign's webview is off: the page answers 404). */
  webview(campaignUuid: string): 'ok' | 'missing' | 'disabled';
}

export interface LinkContext {
  /** This emulator's origin as the request reached it (e.g. http://127.0.0.1:8025): its links point there. */
  origin: string | null;
  records: EmulatorRecords;
}

const LINK_ELEMENTS = new Set(['a', 'area']);
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

export function checkLinks(
  document: Document,
  lineOf: (offset: number) => number,
  context: LinkContext,
): { links: LinkReport[]; issues: CheckIssue[] } {
  const links: LinkReport[] = [];
  const visit = (node: Document | Element) => {
    for (const child of node.children) {
      if (child.type !== 'tag') continue;
      const element = child as Element;
      const line = lineOf(element.startIndex ?? 0);
      if (LINK_ELEMENTS.has(element.name) && element.attribs.href !== undefined)
        links.push(linkReport('href', element.attribs.href, line, context));
      if (element.attribs.src !== undefined) links.push(linkReport('src', element.attribs.src, line, context));
      visit(element);
    }
  };
  visit(document);
  const found = (link: LinkReport, severity: CheckIssue['severity'], list: string[]) =>
    list.map((entry) => linkIssue(link, entry.split(':')[0]!, severity, entry.slice(entry.indexOf(':') + 2)));
  const issues = links.flatMap((link) => [
    ...found(link, 'problem', link.problems),
    ...found(link, 'warning', link.warnings),
  ]);
  return { links, issues };
}

/** A problem or warning is `code: explanation`; the issue's code is the part before the colon. */
function linkReport(attribute: 'href' | 'src', raw: string, line: number, context: LinkContext): LinkReport {
  const url = raw.trim();
  const report: LinkReport = { attribute, url, line, emulator: false, problems: [], warnings: [], online: null };
  if (url === '') {
    report.problems.push(`link-empty: the ${attribute} is empty`);
    return report;
  }
  if (/^\s*javascript:/i.test(url)) {
    report.problems.push('link-javascript: a javascript: URL (mail clients strip it or block the mail)');
    return report;
  }
  // In-page anchors, mail and phone links and inline images are fine as they are.
  if (attribute === 'href' && (url.startsWith('#') || /^(mailto|tel|sms):/i.test(url))) return report;
  if (attribute === 'src' && /^(cid|data):/i.test(url)) return report;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    report.problems.push('link-malformed: not an absolute URL (a mail has no page to resolve a relative one against)');
    return report;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    report.problems.push(`link-scheme: the ${parsed.protocol} scheme opens nothing in a mail client`);
    return report;
  }
  const own = (context.origin !== null && parsed.origin === context.origin) || LOOPBACK.test(parsed.hostname);
  const broken = resolveOwn(parsed.pathname, context.records);
  if (own) {
    if (broken !== undefined) {
      report.emulator = true;
      if (broken !== null) report.problems.push(`link-emulator: ${broken}`);
    }
    return report;
  }
  // One of the emulator's pages for its own records under another host name: the emulator reached as an app
  // reaches it (http://mailcoach:8025 from a container), which the background check cannot know (origin null).
  if (broken === null) {
    report.emulator = true;
    return report;
  }
  // It opens: a warning (some clients and browsers warn about it, and it leaks the reader's click), not a problem.
  if (parsed.protocol === 'http:') report.warnings.push('link-insecure: http: where https: is expected');
  return report;
}

/**
 * undefined: not one of the emulator's mail pages; null: it resolves; a string: why the page would answer 404.
 * The paths are v8's (mailcoach/public-routes.ts).
 */
function resolveOwn(path: string, records: EmulatorRecords): string | null | undefined {
  const parts = path.split('/').slice(1).map(safeDecode);
  const [page, first, second, extra] = parts;
  const subscriberAndSend = (): string | null => {
    if (first === undefined || first === '' || extra !== undefined)
      return `/${page}/ needs a subscriber uuid (and optionally a send uuid)`;
    if (!records.subscriberExists(first))
      return `no subscriber ${first} (${page === 'unsubscribe' ? 'the page answers 404' : 'the page cannot find the subscription'})`;
    if (second !== undefined && second !== '' && !records.sendExists(second))
      return `no send ${second} for this subscriber's link`;
    return null;
  };
  switch (page) {
    case 'confirm-subscription':
      if (first === undefined || first === '' || second !== undefined)
        return '/confirm-subscription/ needs exactly a subscriber uuid';
      return records.subscriberExists(first) ? null : `no subscriber ${first} (the page answers 404)`;
    case 'unsubscribe':
    case 'manage-preferences':
    case 'preferences':
      return subscriberAndSend();
    case 'unsubscribe-tag': {
      // /unsubscribe-tag/{subscriberUuid}/{tag}/{sendUuid?}: an unknown subscriber's page says it cannot find it.
      const [, , , sendUuid, beyond] = parts;
      if (first === undefined || first === '' || second === undefined || second === '' || beyond !== undefined) {
        return '/unsubscribe-tag/ needs a subscriber uuid and a tag (and optionally a send uuid)';
      }
      if (!records.subscriberExists(first)) return `no subscriber ${first} (the page cannot find the subscription)`;
      if (sendUuid !== undefined && sendUuid !== '' && !records.sendExists(sendUuid))
        return `no send ${sendUuid} for this subscriber's link`;
      return null;
    }
    case 'webview': {
      if (first !== 'campaign' || second === undefined || extra !== undefined)
        return 'the webview page is /webview/campaign/{campaignUuid} (v8)';
      const state = records.webview(second);
      if (state === 'missing') return `no campaign ${second} (the page answers 404)`;
      return state === 'disabled' ? `campaign ${second} has its webview disabled (the page answers 404)` : null;
    }
    default:
      return undefined;
  }
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** An issue about one link, named by its attribute and URL (shortened), at its line: these checks' and online.ts's. */
export function linkIssue(link: LinkReport, code: string, severity: CheckIssue['severity'], what: string): CheckIssue {
  const url = link.url.length > 120 ? `${link.url.slice(0, 117)}...` : link.url;
  return {
    check: 'links',
    code,
    severity,
    message: `${link.attribute}="${url}": ${what}`,
    where: 'html',
    line: link.line,
  };
}
