/**
 * CssToInlineStyles::inline, calculatePropertiesToBeApplied and inlineCssOnElement (tijsverkoyen/
 * css-to-inline-styles 2.2): rules sorted by Css\Rule\Processor::sortOnSpecificity (PHP 8's usort is stable, as
 * Array.prototype.sort), each rule's selector through CssSelectorConverter::toXPath and DOMXPath::query, the
 * matched elements' properties merged, then written into their style attributes.
 */
import type { ElementNode } from '../libxml/dom.js';
import { inlineStyleProperties, type Property, type Rule } from './css.js';
import { buildDocumentIndex, type DocumentIndex } from './document-index.js';
import { PhpFatal, SelectorError } from './selector-parser.js';
import { cssToXPath } from './selector-xpath.js';
import { compareSpecificity, type Specificity } from './specificity.js';
import { XPathBudgetError, XPathError, XPathQuery, setXPathBudget } from './xpath.js';
import type { DocumentNode } from '../libxml/dom.js';

/** A compiled selector: the query, or null when Symfony throws or libxml2 rejects the XPath (the rule is skipped). */
type CompiledSelector = XPathQuery | null | PhpFatal;

/** CssSelectorConverter keeps its translations in a static cache; this one is bounded. */
const SELECTOR_CACHE_LIMIT = 5000;
const selectorCache = new Map<string, CompiledSelector>();

function compileSelector(selector: string): CompiledSelector {
  const cached = selectorCache.get(selector);
  if (cached !== undefined) return cached;
  let compiled: CompiledSelector;
  try {
    compiled = new XPathQuery(cssToXPath(selector));
  } catch (error) {
    if (error instanceof SelectorError || error instanceof XPathError) compiled = null;
    else if (error instanceof PhpFatal) compiled = error;
    else compiled = null;
  }
  if (selectorCache.size >= SELECTOR_CACHE_LIMIT) selectorCache.clear();
  selectorCache.set(selector, compiled);
  return compiled;
}

/**
 * Node visits all the queries of one convert() may make. A real mail needs well under a million (elements times
 * rules); hostile input that would take PHP minutes (a positional `~` rule over tens of thousands of siblings)
 * ends with an error instead.
 */
const XPATH_BUDGET = 10_000_000;

/** Css\Rule\Processor::sortOnSpecificity. */
function sortOnSpecificity(e1: Rule, e2: Rule): number {
  const value = compareSpecificity(e1.specificity, e2.specificity);
  return value === 0 ? e1.order - e2.order : value;
}

/** A property applied to an element, with its rule's specificity (Property::getOriginalSpecificity()). */
interface Applied {
  readonly property: Property;
  readonly specificity: Specificity;
}

/**
 * CssToInlineStyles::calculatePropertiesToBeApplied: a rule's properties merged into `current` (a Map keeps PHP's
 * array order: a property that overrules is unset and appended at the end).
 */
function calculatePropertiesToBeApplied(rule: Rule, current: Map<string, Applied>): void {
  for (const property of rule.properties) {
    const existing = current.get(property.name);
    if (existing === undefined) {
      current.set(property.name, { property, specificity: rule.specificity });
      continue;
    }
    // "skip check to overrule if existing property is important and current is not"
    if (existing.property.important && !property.important) continue;
    let overrule = !existing.property.important && property.important;
    if (!overrule) overrule = compareSpecificity(existing.specificity, rule.specificity) <= 0;
    if (overrule) {
      current.delete(property.name);
      current.set(property.name, { property, specificity: rule.specificity });
    }
  }
}

/** DOMElement::getAttribute('style'). */
function getStyle(element: ElementNode): string {
  for (const attribute of element.attributes) if (attribute.name === 'style') return attribute.value ?? '';
  return '';
}

/** DOMElement::setAttribute('style', $value): in place when present, appended otherwise. */
function setStyle(element: ElementNode, value: string): void {
  for (const attribute of element.attributes) {
    if (attribute.name === 'style') {
      attribute.value = value;
      return;
    }
  }
  element.attributes.push({ name: 'style', value });
}

/** A rule with what applying it to an element no other rule matched gives, computed on first use. */
export interface PreparedRule extends Rule {
  /** calculatePropertiesToBeApplied($rule->getProperties(), []) (built on first use: alone()). */
  aloneMap: Map<string, Applied> | null;
  /** The style attribute inlineCssOnElement writes from it on an element without one. */
  aloneText: string;
  /** What inlineCssOnElement writes from it over an element's style attribute, by that attribute (bounded). */
  readonly aloneOver: Map<string, string>;
}

function alone(rule: PreparedRule): Map<string, Applied> {
  if (rule.aloneMap === null) {
    const map = new Map<string, Applied>();
    calculatePropertiesToBeApplied(rule, map);
    rule.aloneMap = map;
    rule.aloneText = Array.from(map.values(), (a) => a.property.text).join(' ');
  }
  return rule.aloneMap;
}

/** The rules in the order inline() applies them (stable sort: PHP 8's usort), prepared. */
export function prepareRules(rules: readonly Rule[]): PreparedRule[] {
  return rules
    .slice()
    .sort(sortOnSpecificity)
    .map((rule) => ({ ...rule, aloneMap: null, aloneText: '', aloneOver: new Map<string, string>() }));
}

/**
 * Style attributes already parsed (CssToInlineStyles::getInlineStyles), bounded: a template's elements keep the
 * same styles from send to send (PreparedRule.aloneOver keeps the results for elements one rule matched).
 */
const STYLE_CACHE_LIMIT = 4000;
const RULE_STYLE_CACHE_LIMIT = 500;
const parsedStyles = new Map<string, Property[]>();

function parsedStyle(style: string): Property[] {
  let properties = parsedStyles.get(style);
  if (properties === undefined) {
    properties = inlineStyleProperties(style);
    if (parsedStyles.size >= STYLE_CACHE_LIMIT) parsedStyles.clear();
    parsedStyles.set(style, properties);
  }
  return properties;
}

/** CssToInlineStyles::inlineCssOnElement: the style attribute for the element, or null to leave it alone. */
function styleFor(style: string, properties: ReadonlyMap<string, Applied>): string | null {
  if (properties.size === 0) return null;
  const inline = new Map<string, Property>();
  for (const property of parsedStyle(style)) inline.set(property.name, property);
  const texts: string[] = [];
  for (const [name, applied] of properties) if (!inline.has(name)) texts.push(applied.property.text);
  for (const property of inline.values()) texts.push(property.text);
  return texts.join(' ');
}

function inlineCssOnElement(element: ElementNode, properties: ReadonlyMap<string, Applied>): void {
  const text = styleFor(getStyle(element), properties);
  if (text !== null) setStyle(element, text);
}

/** inlineCssOnElement for an element only `rule` matched. */
function inlineRuleOnElement(element: ElementNode, rule: PreparedRule): void {
  const map = alone(rule);
  if (map.size === 0) return;
  const style = getStyle(element);
  if (style === '') {
    // No inline properties to keep: the rule's own text.
    setStyle(element, rule.aloneText);
    return;
  }
  let text = rule.aloneOver.get(style);
  if (text === undefined) {
    text = styleFor(style, map)!;
    if (rule.aloneOver.size >= RULE_STYLE_CACHE_LIMIT) rule.aloneOver.clear();
    rule.aloneOver.set(style, text);
  }
  setStyle(element, text);
}

/**
 * CssToInlineStyles::inline($document, $rules) with `rules` already prepared. Throws PhpFatal where PHP would stop
 * with an uncaught error.
 */
export function inlineRules(document: DocumentNode, rules: readonly PreparedRule[]): void {
  if (rules.length === 0) return;
  setXPathBudget(XPATH_BUDGET);
  let index: DocumentIndex | null = null;
  // SplObjectStorage: elements in the order they were first matched, with their merged properties. An element
  // only one rule matched keeps a reference to that rule (`only`) instead of a map of its own.
  const order: number[] = [];
  let only: (PreparedRule | undefined)[] = [];
  let merged: (Map<string, Applied> | undefined)[] = [];
  for (const rule of rules) {
    const query = compileSelector(rule.selector);
    if (query === null) continue;
    if (query instanceof PhpFatal) throw query;
    if (index === null) {
      index = buildDocumentIndex(document);
      only = new Array<PreparedRule | undefined>(index.elementCount + 1);
      merged = new Array<Map<string, Applied> | undefined>(index.elementCount + 1);
    }
    let matched: number[];
    try {
      matched = query.run(index);
    } catch (error) {
      // An XPath evaluation error: DOMXPath::query returns false and the rule is skipped.
      if (error instanceof XPathError) continue;
      if (error instanceof XPathBudgetError) throw new PhpFatal(`Timeout: ${error.message}`);
      throw error;
    }
    for (const id of matched) {
      if (id === 0 || id > index.elementCount) continue;
      const map = merged[id];
      if (map !== undefined) {
        calculatePropertiesToBeApplied(rule, map);
        continue;
      }
      const first = only[id];
      if (first === undefined) {
        only[id] = rule;
        order.push(id);
      } else if (rule.properties.length > 0) {
        const map = new Map(alone(first));
        calculatePropertiesToBeApplied(rule, map);
        merged[id] = map;
      }
    }
  }
  if (index === null) return;
  for (const id of order) {
    const map = merged[id];
    if (map !== undefined) inlineCssOnElement(index.elements[id]!, map);
    else inlineRuleOnElement(index.elements[id]!, only[id]!);
  }
}
