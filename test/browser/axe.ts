/**
 * axe-core in a page, for the accessibility checks of every spec (the inbox, the studio, the records pages).
 * axe is injected as a script of the page: a spec using this sets `test.use({ bypassCSP: true })`, the UI's CSP
 * admitting its own scripts only. Captured or rendered mail is the sender's markup, not the UI's: frames are left
 * out.
 */
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** The page's violations as `id (impact): help at targets`; `serious` keeps the serious and critical ones only. */
export async function axeViolations(page: Page, { only }: { only?: 'serious' } = {}): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    return (await axe.run({ exclude: [['iframe']] }, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => only === undefined || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
