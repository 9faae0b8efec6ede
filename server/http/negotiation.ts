/**
 * Laravel's Request::expectsJson() (docs/spec/mailcoach-reference.md#14-content-negotiation-and-request-parsing): true when the highest-priority Accept type contains `/json`
 * or `+json`, or for an XMLHttpRequest that accepts anything. `Content-Type: application/json` alone does not count.
 */

export function expectsJson(headers: Headers): boolean {
  const acceptable = acceptableContentTypes(headers.get('accept'));
  const first = acceptable[0]?.toLowerCase();
  if (first !== undefined && (first.includes('/json') || first.includes('+json'))) return true;
  const isAjax = headers.get('x-requested-with') === 'XMLHttpRequest';
  return isAjax && (first === undefined || first === '*/*' || first === '*');
}

/** Symfony's AcceptHeader: media types ordered by quality (highest first), then by their position. */
export function acceptableContentTypes(accept: string | null): string[] {
  if (accept === null || accept.trim() === '') return [];
  return accept
    .split(',')
    .map((item, index) => {
      const [type = '', ...params] = item.split(';').map((part) => part.trim());
      const q = params.find((param) => /^q\s*=/i.test(param));
      const quality = q === undefined ? 1 : Number.parseFloat(q.split('=')[1] ?? '1');
      return { type, quality: Number.isNaN(quality) ? 1 : quality, index };
    })
    .filter((item) => item.type !== '' && item.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((item) => item.type);
}
