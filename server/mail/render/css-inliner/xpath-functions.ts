/**
 * The second layer of XPathQuery (xpath.ts): XPath 1.0's core function library as libxml2 registers it, compiled
 * over already compiled arguments; an unknown function makes the compile fail, as in DOMXPath::query.
 */
import { nodeName, stringValue, type DocumentIndex } from './document-index.js';
import {
  codePointLength,
  codePoints,
  type Compiled,
  constant,
  type Fn,
  fromBool,
  fromNum,
  fromStr,
  normalizeSpace,
  spend,
  stringToNumber,
  XPathError,
  xpathRound,
} from './xpath-values.js';
import { XPathSteps } from './xpath-steps.js';

export class XPathFunctions extends XPathSteps {
  protected compileCall(name: string, args: Compiled[]): Compiled {
    const arity = (min: number, max: number): void => {
      if (args.length < min || args.length > max) throw new XPathError(`Invalid number of arguments for ${name}()`);
    };
    const anyPositional = args.some((a) => a.positional);
    const anyLast = args.some((a) => a.usesLast);
    const index = (): DocumentIndex => this.index;
    const contextString: Fn<string> = (n) => stringValue(index(), n, spend);
    switch (name) {
      case 'position':
        arity(0, 0);
        return fromNum((_, p) => p, true, false);
      case 'last':
        arity(0, 0);
        return fromNum((_, __, s) => s, true, true);
      case 'count': {
        arity(1, 1);
        const set = args[0]!.set;
        if (set === null) throw new XPathError('count() of a non node-set');
        const c = fromNum((n, p, s) => set(n, p, s).length, anyPositional, anyLast);
        (c as Compiled & { countOf?: Compiled }).countOf = args[0]!;
        return c;
      }
      case 'name':
      case 'local-name': {
        arity(0, 1);
        const local = name === 'local-name';
        const nameOf = (id: number): string => {
          const qname = nodeName(index(), id);
          if (!local) return qname;
          const colon = qname.indexOf(':');
          return colon < 0 ? qname : qname.slice(colon + 1);
        };
        if (args.length === 0) return fromStr((n) => nameOf(n), false, false);
        const set = args[0]!.set;
        if (set === null) throw new XPathError('name() of a non node-set');
        return fromStr(
          (n, p, s) => {
            const members = set(n, p, s);
            return members.length === 0 ? '' : nameOf(members[0]!);
          },
          anyPositional,
          anyLast,
        );
      }
      case 'not': {
        arity(1, 1);
        const b = args[0]!.bool;
        return fromBool((n, p, s) => !b(n, p, s), anyPositional, anyLast);
      }
      case 'true':
        arity(0, 0);
        return constant(true);
      case 'false':
        arity(0, 0);
        return constant(false);
      case 'boolean': {
        arity(1, 1);
        return fromBool(args[0]!.bool, anyPositional, anyLast);
      }
      case 'number': {
        arity(0, 1);
        if (args.length === 0) return fromNum((n) => stringToNumber(contextString(n, 0, 0)), false, false);
        return fromNum(args[0]!.num, anyPositional, anyLast);
      }
      case 'string': {
        arity(0, 1);
        if (args.length === 0) return fromStr(contextString, false, false);
        return fromStr(args[0]!.str, anyPositional, anyLast);
      }
      case 'string-length': {
        arity(0, 1);
        const str = args.length === 0 ? contextString : args[0]!.str;
        return fromNum((n, p, s) => codePointLength(str(n, p, s)), anyPositional, anyLast);
      }
      case 'normalize-space': {
        arity(0, 1);
        const str = args.length === 0 ? contextString : args[0]!.str;
        return fromStr((n, p, s) => normalizeSpace(str(n, p, s)), anyPositional, anyLast);
      }
      case 'concat': {
        if (args.length < 2) throw new XPathError('concat() needs two arguments');
        const parts = args.map((a) => a.str);
        return fromStr(
          (n, p, s) => {
            let out = '';
            for (const part of parts) out += part(n, p, s);
            return out;
          },
          anyPositional,
          anyLast,
        );
      }
      case 'contains':
      case 'starts-with':
      case 'substring-before':
      case 'substring-after': {
        arity(2, 2);
        const a = args[0]!.str;
        const b = args[1]!.str;
        if (name === 'contains') return fromBool((n, p, s) => a(n, p, s).includes(b(n, p, s)), anyPositional, anyLast);
        if (name === 'starts-with')
          return fromBool((n, p, s) => a(n, p, s).startsWith(b(n, p, s)), anyPositional, anyLast);
        const before = name === 'substring-before';
        return fromStr(
          (n, p, s) => {
            const x = a(n, p, s);
            const y = b(n, p, s);
            const at = x.indexOf(y);
            if (at < 0) return '';
            return before ? x.slice(0, at) : x.slice(at + y.length);
          },
          anyPositional,
          anyLast,
        );
      }
      case 'substring': {
        arity(2, 3);
        const str = args[0]!.str;
        const start = args[1]!.num;
        const length = args.length === 3 ? args[2]!.num : null;
        return fromStr(
          (n, p, s) => {
            const chars = codePoints(str(n, p, s));
            const from = xpathRound(start(n, p, s));
            const to = length === null ? Infinity : from + xpathRound(length(n, p, s));
            if (Number.isNaN(from) || Number.isNaN(to)) return '';
            let out = '';
            for (let i = 0; i < chars.length; i++) {
              const position = i + 1;
              if (position >= from && position < to) out += chars[i];
            }
            return out;
          },
          anyPositional,
          anyLast,
        );
      }
      case 'translate': {
        arity(3, 3);
        const str = args[0]!.str;
        const from = args[1]!.str;
        const to = args[2]!.str;
        return fromStr(
          (n, p, s) => {
            const fromChars = codePoints(from(n, p, s));
            const toChars = codePoints(to(n, p, s));
            let out = '';
            for (const ch of codePoints(str(n, p, s))) {
              const at = fromChars.indexOf(ch);
              if (at < 0) out += ch;
              else if (at < toChars.length) out += toChars[at];
            }
            return out;
          },
          anyPositional,
          anyLast,
        );
      }
      case 'floor':
      case 'ceiling':
      case 'round': {
        arity(1, 1);
        const x = args[0]!.num;
        const f = name === 'floor' ? Math.floor : name === 'ceiling' ? Math.ceil : xpathRound;
        return fromNum((n, p, s) => f(x(n, p, s)), anyPositional, anyLast);
      }
      case 'sum': {
        arity(1, 1);
        const set = args[0]!.set;
        if (set === null) throw new XPathError('sum() of a non node-set');
        return fromNum(
          (n, p, s) => {
            let total = 0;
            for (const id of set(n, p, s)) total += stringToNumber(stringValue(index(), id, spend));
            return total;
          },
          anyPositional,
          anyLast,
        );
      }
    }
    throw new XPathError(`Unregistered function ${name}()`);
  }
}
