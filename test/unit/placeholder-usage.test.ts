import { describe, expect, it } from 'vitest';
import { placeholderUsage } from '../../server/mail/render/placeholder-usage.js';

describe('placeholderUsage', () => {
  it('lists ::key:: placeholders in order of first appearance, and which a string replacement fills', () => {
    const usage = placeholderUsage([{ text: 'Hi ::name::, ::name:: ::code::', twig: false }], {
      name: 'Jane',
      code: 42,
      extra: 'x',
    });
    expect(usage).toEqual({ placeholders: ['name', 'code'], unused: ['extra'], unreplaced: ['code'] });
  });

  it('reads Twig variables only where Twig runs, minus loop variables and set names', () => {
    const sources = [
      { text: '{{ user.name|upper }} {% if not vip %}x{% endif %}', twig: true },
      {
        text: '{% for key, item in items %}{{ item.price }}{{ loop.index }}{% endfor %}{% set total = 1 %}{{ total }}',
        twig: true,
      },
      { text: '{{ ignored }}', twig: false },
    ];
    const usage = placeholderUsage(sources, { 'user.name': 'Jane', items: [] });
    expect(usage).toEqual({ placeholders: ['user.name', 'vip', 'items'], unused: [], unreplaced: ['vip'] });
    expect(placeholderUsage(sources, { user: { name: 'J' } }).unreplaced).toEqual(['vip', 'items']);
  });

  it('stops listing at a thousand placeholders', () => {
    const text = Array.from({ length: 2_000 }, (_, i) => `::k${i}::`).join(' ');
    expect(placeholderUsage([{ text, twig: false }], {}).placeholders).toHaveLength(1_000);
  });
});
