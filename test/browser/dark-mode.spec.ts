/**
 * The preview's Dark mode (web/src/components/dark-mail.ts) keeps a mail readable that sets no text colour: every
 * markdown template and simple HTML once showed black text on black (a dark colour scheme and an invert at once).
 * Checked as a reader sees it: each piece of text's computed colour against the background behind it, in the frame.
 */
import type { Locator } from '@playwright/test';
import { expect, sendMail, test } from './fixtures.js';

interface TextContrast {
  text: string;
  ratio: number;
}

/** Every element holding text, with the contrast ratio of its colour against the first opaque background behind it. */
function textContrasts(body: Locator): Promise<{ canvas: number; texts: TextContrast[] }> {
  return body.evaluate((element) => {
    const view = element.ownerDocument.defaultView!;
    const rgba = (value: string) => {
      const match = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(value);
      if (match === null) throw new Error(`unexpected colour ${value}`);
      return {
        channels: [match[1], match[2], match[3]].map(Number),
        alpha: match[4] === undefined ? 1 : Number(match[4]),
      };
    };
    const luminance = (value: string) => {
      const [r, g, b] = rgba(value).channels.map((channel) => {
        const c = channel / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const backgroundOf = (start: Element) => {
      for (let at: Element | null = start; at !== null; at = at.parentElement) {
        const background = view.getComputedStyle(at).backgroundColor;
        if (rgba(background).alpha > 0) return background;
      }
      return 'rgb(255, 255, 255)';
    };
    const texts: TextContrast[] = [];
    for (const holder of [element, ...element.querySelectorAll('*')]) {
      const text = [...holder.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent!.trim())
        .join('');
      if (text === '') continue;
      const [light, dark] = [luminance(view.getComputedStyle(holder).color), luminance(backgroundOf(holder))].sort(
        (a, b) => b - a,
      );
      texts.push({ text, ratio: Math.round(((light! + 0.05) / (dark! + 0.05)) * 10) / 10 });
    }
    return { canvas: luminance(backgroundOf(element)), texts };
  });
}

for (const [kind, send] of [
  [
    'a markdown template mail',
    (emulator: Parameters<typeof sendMail>[0]) =>
      emulator.client.mailcoach.sendTransactional({
        from: 'app@example.com',
        to: 'jane@example.com',
        mail_name: 'password-reset',
        replacements: { first_name: 'Jane', app_name: 'Acme', reset_code: '424242', reset_url: 'https://acme.test/r' },
      }),
  ],
  [
    'a plain <p>x</p> HTML mail',
    (emulator: Parameters<typeof sendMail>[0]) => sendMail(emulator, { subject: 'Plain', html: '<p>x</p>' }),
  ],
] as const) {
  test(`dark mode keeps ${kind} readable, and light mode gives it back as it was`, async ({ page, emulator }) => {
    await send(emulator);
    await page.goto(emulator.url);
    await page.getByRole('list', { name: 'Messages' }).getByRole('link').first().click();
    const body = page.frameLocator('iframe[title^="HTML of"]').locator('body');
    await expect(body).not.toBeEmpty();
    const light = await textContrasts(body);
    expect(light.canvas).toBeGreaterThan(0.9);

    await page.getByRole('checkbox', { name: 'Dark mode' }).check();
    await expect.poll(async () => (await textContrasts(body)).canvas).toBeLessThan(0.05);
    const dark = await textContrasts(body);
    expect(dark.texts.length).toBeGreaterThan(0);
    expect(dark.texts.filter((text) => text.ratio < 4.5)).toEqual([]);

    await page.getByRole('checkbox', { name: 'Dark mode' }).uncheck();
    await expect.poll(() => textContrasts(body)).toEqual(light);
  });
}
