/**
 * A selected tab and a pressed toggle stay legible under the pointer: the generic button hover
 * once outranked their accent colours and left accent-fg text on the hover grey. The computed text and background
 * colours of each, hovered, must keep WCAG AA's 4.5:1, in the light and the dark theme, and hovering must still
 * show (the background changes).
 */
import type { Locator } from '@playwright/test';
import { expect, sendMail, test } from './fixtures.js';

/** The element's computed text and background colours, as [r, g, b] from 0 to 255. */
async function colours(target: Locator): Promise<{ fg: number[]; bg: number[] }> {
  const css = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { fg: style.color, bg: style.backgroundColor };
  });
  const rgb = (value: string) => {
    const parts = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(value);
    if (parts === null) throw new Error(`not an rgb colour: ${value}`);
    // An opaque background is what the text is read on: a see-through one would leave the page's showing through.
    expect(parts[4] === undefined || Number(parts[4]) === 1, `opaque background expected, got ${value}`).toBe(true);
    return [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  };
  return { fg: rgb(css.fg), bg: rgb(css.bg) };
}

/** WCAG 2's contrast ratio of two sRGB colours. */
function contrast(a: number[], b: number[]): number {
  const luminance = (c: number[]) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

for (const theme of ['light', 'dark'] as const) {
  test(`a hovered selected tab and a hovered pressed toggle keep a legible label (${theme})`, async ({
    page,
    emulator,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await sendMail(emulator, { subject: 'Contrast check', html: '<p>Hello</p>' });
    await page.goto(emulator.url);
    await page.getByRole('link', { name: /Contrast check/ }).click();

    const tab = page.getByRole('tab', { name: 'HTML', exact: true });
    const toggle = page.getByRole('button', { name: 'Full width' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');

    for (const target of [tab, toggle]) {
      await page.mouse.move(0, 0);
      const resting = await colours(target);
      expect(contrast(resting.fg, resting.bg)).toBeGreaterThanOrEqual(4.5);
      await target.hover();
      const hovered = await colours(target);
      expect(
        contrast(hovered.fg, hovered.bg),
        `hovered ${await target.textContent()}: ${hovered.fg} on ${hovered.bg}`,
      ).toBeGreaterThanOrEqual(4.5);
      // Still a visible hover cue, and still the selected state's look rather than the plain button's.
      expect(hovered.bg).not.toEqual(resting.bg);
      expect(hovered.fg).toEqual(resting.fg);
    }
  });
}
