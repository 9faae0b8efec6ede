/**
 * MJML as Mailcoach 8 runs it: node's `mjml` 4 (Mailcoach's package.json `^4.15.3`) through spatie/mjml-php's
 * bin/mjml.mjs with `keepComments: true, beautify: false, minify: false, validationLevel: 'soft'`. The engine is
 * the library itself; the oracle is the options.
 */
export async function mailcoachMjml(source: string): Promise<string> {
  const { default: mjml2html } = await import('mjml');
  const result = await mjml2html(source, {
    keepComments: true,
    beautify: false,
    minify: false,
    validationLevel: 'soft',
  });
  return result.html;
}
