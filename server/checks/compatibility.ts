/**
 * HTML and CSS support by email client, from caniemail's data through @jsx-email/doiuse-email (the package
 * smtp4dev uses; `caniemail` 2.x needs Node 22 and threw on the `*` client glob here). The package answers for a
 * whole document without positions, so its checker is driven element by element and rule by rule here, each with
 * the line it starts on: a designer reads "Outlook: display:flex unsupported, line 42".
 */
import { DoIUseEmail } from '@jsx-email/doiuse-email';
import { parse as parseCss, type CssAtRuleAST, type CssStylesheetAST } from '@adobe/css-tools';
import type { Document, Element } from 'domhandler';
import { BoundedCache } from '../bounded-cache.js';
import { MAX_LINES, type CheckIssue, type ClientScore, type FeatureKind, type FeatureUse } from './report.js';

/** The package and the `last_update_date` of the caniemail data it bundles (dist/index.mjs). */
export const COMPATIBILITY_SOURCE = { package: '@jsx-email/doiuse-email@1.0.4', data_updated: '2024-10-09' } as const;

const FAMILIES: Record<string, string> = {
  'apple-mail': 'Apple Mail',
  gmail: 'Gmail',
  orange: 'Orange',
  outlook: 'Outlook',
  yahoo: 'Yahoo',
  aol: 'AOL',
  'samsung-email': 'Samsung Email',
  sfr: 'SFR',
  thunderbird: 'Thunderbird',
  protonmail: 'Proton Mail',
  hey: 'HEY',
  'mail-ru': 'Mail.ru',
  fastmail: 'Fastmail',
  laposte: 'La Poste',
};

const VERDICT = /^`(.+)` is (not|only partially) supported by `([^`]+)`$/;
const NOTE = /^Note about `(.+)` support for `([^`]+)`: (.*)$/s;

interface Use {
  lines: number[];
  unsupported: Set<string>;
  partial: Set<string>;
  notes: Set<string>;
}

interface Verdict {
  unsupported: string[];
  partial: string[];
  notes: string[];
}

/**
 * Each feature's verdicts over every client, from the package once per process: they depend on the data alone,
 * and asking the package again for each use (32 clients each) was nearly all of a report's time (a 20 KB MJML
 * mail uses `padding` on dozens of elements).
 */
const VERDICTS = new Map<string, Verdict>();
/**
 * The features each CSS declaration (`property:value`) matches, once per process: the package matches each
 * against every feature's patterns, and an MJML mail repeats the same few declarations on every element.
 */
const DECLARATION_FEATURES = new BoundedCache<string[]>({ maxEntries: 5_000, maxKeyLength: 200 });

/** Records each verdict of the package's checker against the line being checked. */
class LocatedChecker extends DoIUseEmail {
  line = 1;
  readonly uses = new Map<string, Use>();
  /** Every feature the HTML uses, supported or not: the denominator of the scores. */
  readonly used = new Set<string>();
  /** Where the package's messages go while a feature's verdict is being computed. */
  private collecting: Verdict | null = null;
  /** The features a declaration being matched for the first time matches. */
  private matching: string[] | null = null;

  constructor(readonly lineOf: (offset: number) => number) {
    super({ emailClients: ['*'] });
  }

  override checkFeaturesSupport(featureTitles: string | string[]): void {
    for (const title of [featureTitles].flat()) {
      this.matching?.push(title);
      this.used.add(title);
      let verdict = VERDICTS.get(title);
      if (verdict === undefined) {
        this.collecting = verdict = { unsupported: [], partial: [], notes: [] };
        super.checkFeaturesSupport(title);
        this.collecting = null;
        VERDICTS.set(title, verdict);
      }
      if (verdict.unsupported.length + verdict.partial.length + verdict.notes.length === 0) continue;
      const use = this.useOf(title);
      for (const client of verdict.unsupported) use.unsupported.add(client);
      for (const client of verdict.partial) use.partial.add(client);
      for (const note of verdict.notes) use.notes.add(note);
    }
  }

  override checkCSSDeclarations(declarations: Array<{ property: string; value: string }>): void {
    for (const declaration of declarations) {
      const key = `${declaration.property}:${declaration.value}`;
      const known = DECLARATION_FEATURES.get(key);
      if (known !== undefined) {
        this.checkFeaturesSupport(known);
        continue;
      }
      this.matching = [];
      super.checkCSSDeclarations([declaration]);
      DECLARATION_FEATURES.set(key, this.matching);
      this.matching = null;
    }
  }

  override checkHtmlNode(node: Element): void {
    // The package recurses through this method, so each element sets its own line before its checks.
    this.line = this.lineOf(node.startIndex ?? 0);
    super.checkHtmlNode(node);
  }

  override error(message: string): void {
    const verdict = VERDICT.exec(message);
    if (verdict !== null) this.collecting?.unsupported.push(verdict[3]!);
  }

  override warning(message: string): void {
    const verdict = VERDICT.exec(message);
    if (verdict !== null) this.collecting?.partial.push(verdict[3]!);
  }

  override note(message: string): void {
    const note = NOTE.exec(message);
    if (note !== null) this.collecting?.notes.push(`${note[2]}: ${note[3]}`);
  }

  private useOf(feature: string): Use {
    let use = this.uses.get(feature);
    if (use === undefined) {
      use = { lines: [], unsupported: new Set(), partial: new Set(), notes: new Set() };
      this.uses.set(feature, use);
    }
    if (use.lines.length < MAX_LINES && !use.lines.includes(this.line)) use.lines.push(this.line);
    return use;
  }
}

export interface CompatibilityResult {
  clients: ClientScore[];
  features: FeatureUse[];
  issues: CheckIssue[];
}

/** Checks a parsed document (parsed with start indices) against every client caniemail knows. */
export function checkCompatibility(document: Document, lineOf: (offset: number) => number): CompatibilityResult {
  const checker = new LocatedChecker(lineOf);
  for (const element of elements(document)) {
    if (element.name !== 'style') continue;
    const text = element.children[0];
    if (text === undefined || text.type !== 'text') continue;
    const firstLine = lineOf(text.startIndex ?? 0);
    const sheet = parseCss(text.data, { silent: true });
    checkRules(checker, sheet.stylesheet.rules, firstLine);
  }
  for (const child of document.children) if (child.type === 'tag') checker.checkHtmlNode(child);

  const features: FeatureUse[] = [...checker.uses]
    .filter(([, use]) => use.unsupported.size + use.partial.size > 0)
    .map(([feature, use]) => ({
      feature,
      kind: kindOf(feature),
      lines: use.lines.sort((a, b) => a - b),
      unsupported: [...use.unsupported],
      partial: [...use.partial],
      notes: [...use.notes],
    }));
  return { clients: scores(checker, features), features, issues: features.map(issueOf) };
}

/** Each rule on its own line (nested rules of @media and @supports too, which the package skips). */
function checkRules(checker: LocatedChecker, rules: CssStylesheetAST['stylesheet']['rules'], firstLine: number): void {
  for (const rule of rules) {
    if (rule.type === 'comment') continue;
    checker.line = firstLine + (rule.position?.start?.line ?? 1) - 1;
    checker.checkStylesheet({ type: 'stylesheet', stylesheet: { rules: [rule] } } as CssStylesheetAST);
    const nested = (rule as CssAtRuleAST & { rules?: CssStylesheetAST['stylesheet']['rules'] }).rules;
    if (Array.isArray(nested)) checkRules(checker, nested, firstLine);
  }
}

function* elements(node: Document | Element): Generator<Element> {
  for (const child of node.children) {
    if (child.type === 'tag' || child.type === 'style' || child.type === 'script') {
      yield child as Element;
      yield* elements(child as Element);
    }
  }
}

function scores(checker: LocatedChecker, features: FeatureUse[]): ClientScore[] {
  const used = checker.used.size;
  return checker.emailClients.map((client) => {
    let lost = 0;
    for (const feature of features) {
      if (feature.unsupported.includes(client)) lost += 1;
      else if (feature.partial.includes(client)) lost += 0.5;
    }
    const [family = client, platform = ''] = client.split('.');
    return {
      client,
      family: FAMILIES[family] ?? family,
      platform,
      score: used === 0 ? 100 : Math.round((100 * (used - lost)) / used),
    };
  });
}

/** caniemail's titles: `<body> element`, `dir attribute`, `Class selector`, `@media`, `display:flex`, `padding`. */
function kindOf(feature: string): FeatureKind {
  if (/^<[^>]+> element$/.test(feature)) return 'element';
  if (/ attribute$/.test(feature)) return 'attribute';
  if (/ (selector|selectors|combinator)$/i.test(feature) || /^:/.test(feature)) return 'selector';
  if (/^@/.test(feature)) return 'at-rule';
  return 'css';
}

/**
 * One line per feature: the families that lack it, each once, with how many of the clients caniemail knows (the
 * `<body>` warning named some 20 clients with their platforms on every HTML mail, issue 41 finding 4); which
 * platforms is in the report's features, which the Checks tab shows on demand.
 */
function issueOf(feature: FeatureUse): CheckIssue {
  const families = (clients: string[]) => [
    ...new Set(
      clients.map((client) => {
        const family = client.split('.')[0] ?? client;
        return FAMILIES[family] ?? family;
      }),
    ),
  ];
  const count = (clients: string[]) => `${clients.length} ${clients.length === 1 ? 'client' : 'clients'}`;
  const parts = [];
  if (feature.unsupported.length > 0)
    parts.push(`unsupported by ${count(feature.unsupported)} (${families(feature.unsupported).join(', ')})`);
  if (feature.partial.length > 0)
    parts.push(`partly supported by ${count(feature.partial)} (${families(feature.partial).join(', ')})`);
  const lines = feature.lines.length === 1 ? `line ${feature.lines[0]}` : `lines ${feature.lines.join(', ')}`;
  return {
    check: 'compatibility',
    code: `feature:${feature.feature}`,
    severity: 'warning',
    message: `${feature.feature}: ${parts.join('; ')} (${lines})`,
    where: 'html',
    line: feature.lines[0] ?? null,
  };
}
