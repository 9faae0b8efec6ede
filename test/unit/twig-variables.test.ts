import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderWithTwigJs } from '../../server/mail/render/twig.js';
import { renderVariablesOnly } from '../../server/mail/render/twig-variables.js';

const NAMES = [
  'a',
  'b',
  'first_name',
  'x1',
  'A',
  'true',
  'TRUE',
  'none',
  'loop',
  'not',
  'in',
  'constructor',
  'toString',
  '_context',
  '_self',
];
const SPACES = ['', ' ', '  ', '\t', '\n', '\r\n'];

const fragment = fc.oneof(
  fc.constantFrom('Hi ', '<p>', '&', '"', "'", '{', '}', '{ {', '}}', '%}', '#}', '%', '#', 'é中😀', ' '),
  fc
    .tuple(fc.constantFrom(...SPACES), fc.constantFrom(...NAMES), fc.constantFrom(...SPACES))
    .map(([s1, name, s2]) => `{{${s1}${name}${s2}}}`),
  fc.constantFrom(
    '{{ a',
    '{{ a }',
    '{{{ a }}',
    '{{ a }}}',
    '{{ a|upper }}',
    '{{ a.b }}',
    '{{ "x" }}',
    '{% if a %}y{% endif %}',
    '{# c #}',
    '{{- a -}}',
    '{{}}',
    '{{ 1 }}',
    '{{ a b }}',
  ),
);
const value = fc.oneof(
  fc.constantFrom('', 'Jane', '<b>&"\'</b>', '{{ a }}', 'é中😀'),
  fc.string(),
  fc.integer(),
  fc.constant(null),
  fc.constant(true),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.constantFrom('b', 'c'), fc.string()),
);
const context = fc.dictionary(fc.constantFrom(...NAMES), value, { maxKeys: 5 });

describe('renderVariablesOnly', () => {
  it('renders exactly what twig.js renders whenever it renders at all', () => {
    let rendered = 0;
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 12 }), context, (fragments, values) => {
        const source = fragments.join('');
        const fast = renderVariablesOnly(source, values);
        if (fast !== undefined) {
          rendered += 1;
          expect(fast).toBe(renderWithTwigJs(source, values));
        }
      }),
      { numRuns: 3_000, seed: 5 },
    );
    // The property holds for the cases this path takes, so it must take many of them.
    expect(rendered).toBeGreaterThan(500);
  });

  it('takes the plain variables a hostile replacement is made of, and leaves the rest to twig.js', () => {
    expect(renderVariablesOnly('Hi {{ a }}, {{b}}!', { a: '<Jane>' })).toBe('Hi &lt;Jane&gt;, !');
    expect(renderVariablesOnly('{{ a|upper }}', { a: 'x' })).toBeUndefined();
    expect(renderVariablesOnly('{{ a }}{# note #}', { a: 'x' })).toBeUndefined();
    expect(renderVariablesOnly('{{ a }}', { a: 5 })).toBeUndefined();
    expect(renderVariablesOnly('{{ true }}', {})).toBeUndefined();
  });

  it('renders a megabyte of `{{ a }}` (in one linear pass: linear-time.slow.test.ts)', () => {
    expect(renderVariablesOnly('{{ a }}'.repeat(150_000), { a: '<' })).toBe('&lt;'.repeat(150_000));
  });
});
