/**
 * GET /api/v1/message/{ID}/html-check as Mailpit answers it (MP internal/htmlcheck; docs/spec/mailpit-api.md#26-checks),
 * from our own client-support check (checks/compatibility.ts, caniemail's data through doiuse-email): the shape is
 * Mailpit's HTMLCheckResponse to the key, the numbers are ours. A warning for each feature the HTML uses that some
 * client supports partly or not at all (Mailpit lists supported ones too), with a result per client (caniemail's
 * 32 current clients, no versions), `Found` the number of lines it is used on; the totals weighted as Mailpit
 * weighs them (the worst partial and unsupported shares of the nodes).
 */
import { DoIUseEmail } from '@jsx-email/doiuse-email';
import { type ChildNode, isTag } from 'domhandler';
import type { CompatibilityResult } from '../../checks/index.js';
import type { FeatureUse } from '../../checks/report.js';

export interface HtmlCheckResponse {
  Warnings: HtmlCheckWarning[];
  Platforms: Record<string, string[]>;
  Total: { Tests: number; Nodes: number; Supported: number; Partial: number; Unsupported: number };
}

interface HtmlCheckWarning {
  Slug: string;
  Title: string;
  Description: string;
  URL: string;
  Category: 'css' | 'html';
  Tags: string[];
  Keywords: string;
  Results: Array<{
    Name: string;
    Platform: string;
    Family: string;
    Version: string;
    Support: string;
    NoteNumber: string;
  }>;
  NotesByNumber: Record<string, string>;
  Score: { Found: number; Supported: number; Partial: number; Unsupported: number };
}

/** caniemail's nice names (its data's `nicenames`) of the families and platforms of its current clients. */
const FAMILIES: Record<string, string> = {
  gmail: 'Gmail',
  outlook: 'Outlook',
  yahoo: 'Yahoo! Mail',
  'apple-mail': 'Apple Mail',
  aol: 'AOL',
  thunderbird: 'Mozilla Thunderbird',
  'samsung-email': 'Samsung Email',
  sfr: 'SFR',
  orange: 'Orange',
  protonmail: 'ProtonMail',
  hey: 'HEY',
  'mail-ru': 'Mail.ru',
  fastmail: 'Fastmail',
  laposte: 'LaPoste.net',
};
const PLATFORMS: Record<string, string> = {
  'desktop-webmail': 'Desktop Webmail',
  'mobile-webmail': 'Mobile Webmail',
  ios: 'iOS',
  android: 'Android',
  windows: 'Windows',
  macos: 'macOS',
  'windows-mail': 'Windows Mail',
};
const MAX_DEPTH = 256;

interface Catalogue {
  clients: string[];
  /** caniemail's page of each feature, by its title. */
  links: Map<string, string>;
  tests: number;
  platforms: Record<string, string[]>;
}

let catalogue: Catalogue | null = null;

/** The clients and features doiuse-email knows, read once: a checker with no clients lists every feature. */
function catalogueOf(): Catalogue {
  if (catalogue !== null) return catalogue;
  const checker = new DoIUseEmail({ emailClients: ['*'] });
  const clients = [...checker.emailClients];
  checker.emailClients = [];
  const links = new Map(checker.getSupportedFeatures().map((feature) => [feature.name, feature.link]));
  const tests = [...links.values()].filter((link) => /\/features\/(css|html)-/.test(link)).length;
  const byPlatform = new Map<string, Set<string>>();
  for (const client of clients) {
    const [family = client, platform = ''] = client.split('.');
    const families = byPlatform.get(platform) ?? new Set<string>();
    families.add(FAMILIES[family] ?? family);
    byPlatform.set(platform, families);
  }
  const platforms: Record<string, string[]> = {};
  for (const platform of [...byPlatform.keys()].sort()) platforms[platform] = [...byPlatform.get(platform)!].sort();
  catalogue = { clients, links, tests, platforms };
  return catalogue;
}

/** `document`: the HTML parsed (checks/problems.ts parseHtml); `compatibility`: our check's result for it. */
export function htmlCheckResponse(
  html: string,
  nodes: ChildNode[],
  compatibility: CompatibilityResult,
): HtmlCheckResponse {
  const { clients, tests, platforms } = catalogueOf();
  const nodeCount = countNodes(nodes, /<\/body>/i.test(html), 0, 'top');
  const warnings = compatibility.features.map((feature) => warningOf(feature, clients));
  let partial = 0;
  let unsupported = 0;
  const weighted = (share: number, found: number) => (nodeCount === 0 ? 0 : (share * found) / nodeCount);
  for (const { Score } of warnings) {
    partial = Math.max(partial, weighted(Score.Partial, Score.Found));
    unsupported = Math.max(unsupported, weighted(Score.Unsupported, Score.Found));
  }
  const weight = (warning: HtmlCheckWarning) =>
    weighted(warning.Score.Unsupported + warning.Score.Partial, warning.Score.Found);
  warnings.sort((a, b) => weight(b) - weight(a));
  return {
    Warnings: warnings,
    Platforms: platforms,
    Total: {
      Tests: tests,
      Nodes: nodeCount,
      Supported: round(100 - partial - unsupported),
      Partial: round(partial),
      Unsupported: round(unsupported),
    },
  };
}

function warningOf(feature: FeatureUse, clients: string[]): HtmlCheckWarning {
  const link = catalogueOf().links.get(feature.feature) ?? '';
  const slug = /\/features\/([^/]+)\/?$/.exec(link)?.[1] ?? feature.feature;
  const notes = new Map<string, string>();
  const noteOfClient = new Map<string, string>();
  for (const note of feature.notes) {
    const colon = note.indexOf(': ');
    const text = note.slice(colon + 2);
    if (!notes.has(text)) notes.set(text, String(notes.size + 1));
    noteOfClient.set(note.slice(0, colon), notes.get(text)!);
  }
  const unsupported = new Set(feature.unsupported);
  const partial = new Set(feature.partial);
  const results = clients.map((client) => {
    const [family = client, platform = ''] = client.split('.');
    const support = unsupported.has(client) ? 'no' : partial.has(client) ? 'partial' : 'yes';
    return {
      Name: `${FAMILIES[family] ?? family} ${PLATFORMS[platform] ?? platform}`,
      Platform: platform,
      Family: family,
      Version: '',
      Support: support,
      NoteNumber: support === 'partial' ? (noteOfClient.get(client) ?? '') : '',
    };
  });
  const share = (count: number) => round((count / clients.length) * 100);
  return {
    Slug: slug,
    Title: feature.feature,
    Description: '',
    URL: link,
    Category: slug.startsWith('css-') ? 'css' : 'html',
    Tags: [],
    Keywords: '',
    Results: results,
    NotesByNumber: Object.fromEntries([...notes].map(([text, number]) => [number, text])),
    Score: {
      Found: feature.lines.length,
      Supported: share(clients.length - unsupported.size - partial.size),
      Partial: share(partial.size),
      Unsupported: share(unsupported.size),
    },
  };
}

/**
 * Mailpit's `Nodes`: the elements of the body (and scripts), or with a `</body>` in the HTML every element but
 * html, head and meta. Without a body element, what Go's parser would put in the head (title, style, meta, link,
 * base) is not in the body.
 */
function countNodes(nodes: ChildNode[], wholeDocument: boolean, depth: number, place: 'top' | 'head' | 'body'): number {
  if (depth > MAX_DEPTH) return 0;
  let count = 0;
  for (const node of nodes) {
    if (!isTag(node)) continue;
    const counted = wholeDocument
      ? !['html', 'head', 'meta'].includes(node.name)
      : place === 'body' || node.name === 'script' || (place === 'top' && !OUTSIDE_BODY.has(node.name));
    if (counted) count++;
    const inner =
      node.name === 'body'
        ? 'body'
        : node.name === 'head'
          ? 'head'
          : place === 'top' && !OUTSIDE_BODY.has(node.name)
            ? 'body'
            : place;
    count += countNodes(node.children, wholeDocument, depth + 1, inner);
  }
  return count;
}

const OUTSIDE_BODY = new Set(['html', 'head', 'body', 'title', 'style', 'meta', 'link', 'base']);

/** float32 percentages, as Go writes them: enough digits to tell them apart, not more. */
function round(value: number): number {
  return Math.fround(value) === 0 ? 0 : Number(Math.fround(value).toPrecision(7));
}
