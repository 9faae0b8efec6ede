/** The parts of twig.js that twig-semantics.ts and its helpers change, and its safe markup values. */
import { phpString } from './twig-php.js';

export interface ExpressionToken {
  type: string;
  value?: unknown;
  precidence?: number;
  associativity?: unknown;
  operator?: string;
  params?: ExpressionToken[];
  expression?: boolean;
}

/** A token of twig.js's first pass: raw text, or a tag with its inner text. */
export interface TemplateToken {
  type: string;
  value: string;
  position: { start: number; end: number };
}

export type Filter = (this: unknown, value: unknown, params?: unknown[]) => unknown;

/** The parts of the twig.js instance (the object Twig.extend hands over) this file changes. */
export interface TwigInternals {
  tokenize(this: unknown, template: string): TemplateToken[];
  output(this: unknown, values: unknown[]): unknown;
  Markup: (content: string, strategy?: string | boolean) => unknown;
  filters: Record<string, Filter>;
  expression: {
    handler: Record<
      string,
      {
        regex: RegExp | RegExp[];
        parse?: (this: unknown, token: ExpressionToken, stack: unknown[], context: unknown) => unknown;
        compile?: (this: unknown, token: ExpressionToken, stack: unknown[], output: unknown[]) => unknown;
      }
    >;
    tokenize(this: unknown, rawToken: unknown): ExpressionToken[];
    compile(
      this: unknown,
      rawToken: { type: string; stack: ExpressionToken[] },
    ): { type: string; stack: ExpressionToken[] };
    operator: {
      parse(this: unknown, operator: string, stack: unknown[]): unknown;
      lookup(this: unknown, operator: string, token: ExpressionToken): ExpressionToken;
      rightToLeft: unknown;
    };
  };
}

/** The prefix of twig.js's expression token types. */
export const T = 'Twig.expression.type.';

export function isMarkup(value: unknown): value is string & { twigMarkup: unknown } {
  return value instanceof String && 'twigMarkup' in value;
}

/** A filter's input as Twig 3 sees it: safe markup is a string like any other. */
export function plain(value: unknown): unknown {
  return isMarkup(value) ? value.valueOf() : value;
}

/** A value a string filter works on: PHP's (string) of a scalar; null stays null. */
export function text(value: unknown): string {
  return phpString(plain(value));
}
