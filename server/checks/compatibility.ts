/**
 * HTML and CSS support by email client, from caniemail's data through @jsx-email/doiuse-email (the package
 * smtp4dev uses; `caniemail` 2.x needs Node 22 and threw on the `*` client glob here). The package answers for a
 * whole document without positions, so its checker is driven element by element and rule by rule here, each with
 * the line it starts on: a designer reads "Outlook: display:flex unsupported, line 42".
 */
import { DoIUseEmail } from '@jsx-email/doiuse-email';
import { parse as parseCss, type CssAtRuleAST, type CssStylesheetAST } from '@adobe/css-tools';
import type { Document, Element } from 'domhandler';
import { MAX_LINES, type CheckIssue, type ClientScore, type FeatureUse } from './report.js';

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

/** Records each verdict of the package's checker against the line being checked. */
class LocatedChecker extends DoIUseEmail {
  line = 1;
  readonly uses = new Map<string, Use>();
  /** Every feature the HTML uses, supported or not: the denominator of the scores. */
  readonly used = new Set<string>();

  constructor(readonly lineOf: (offset: number) => number) {
    super({ emailClients: ['*'] });
  }

  override checkFeaturesSupport(featureTitles: string | string[]): void {
    for (const title of [featureTitles].flat()) this.used.add(title);
    super.checkFeaturesSupport(featureTitles);
  }

  override checkHtmlNode(node: Element): void {
    // The package recurses through this method, so each element sets its own line before its checks.
    this.line = this.lineOf(node.startIndex ?? 0);
    super.checkHtmlNode(node);
  }

  override error(message: string): void {
    const verdict = VERDICT.exec(message);
    if (verdict !== null) this.useOf(verdict[1]!).unsupported.add(verdict[3]!);
  }

  override warning(message: string): void {
    const verdict = VERDICT.exec(message);
    if (verdict !== null) this.useOf(verdict[1]!).partial.add(verdict[3]!);
  }

  override note(message: string): void {
    const note = NOTE.exec(message);
    if (note !== null) this.useOf(note[1]!).notes.add(`${note[2]}: ${note[3]}`);
  }

  private useOf(feature: string): Use {
    let use = this.uses.get(feature);
    if (use === undefined) this.uses.set(feature, (use = { lines: [], unsupported: new Set(), partial: new Set(), notes: new Set() }));
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
    return { client, family: FAMILIES[family] ?? family, platform, score: used === 0 ? 100 : Math.round((100 * (used - lost)) / used) };
  });
}

function issueOf(feature: FeatureUse): CheckIssue {
  const byFamily = (clients: string[]) => {
    const families = new Map<string, string[]>();
    for (const client of clients) {
      const [family = client, platform = ''] = client.split('.');
      const name = FAMILIES[family] ?? family;
      families.set(name, [...(families.get(name) ?? []), platform]);
    }
    return [...families].map(([name, platforms]) => `${name} (${platforms.join(', ')})`).join(', ');
  };
  const parts = [];
  if (feature.unsupported.length > 0) parts.push(`unsupported by ${byFamily(feature.unsupported)}`);
  if (feature.partial.length > 0) parts.push(`partly supported by ${byFamily(feature.partial)}`);
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
