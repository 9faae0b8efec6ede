/**
 * The checks every set of pages gets (the records pages, the audience pages...): each page opened, waited for
 * until what shows it has loaded, then no axe violation, or nothing wider than a 390 px screen.
 */
import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { expect } from './fixtures.js';

/** A page's path, and what is visible once it has loaded. */
export type LoadedPage = readonly [string, (page: Page) => Locator];

export async function expectNoAxeViolations(page: Page, baseUrl: string, pages: readonly LoadedPage[]): Promise<void> {
  for (const [path, loaded] of pages) {
    await page.goto(`${baseUrl}${path}`);
    await expect(loaded(page)).toBeVisible();
    expect(await axeViolations(page), path).toEqual([]);
  }
}

/** Nothing scrolls sideways at the page's (narrow) viewport: neither the document nor the main area. */
export async function expectNoSidewaysScroll(
  page: Page,
  baseUrl: string,
  pages: readonly LoadedPage[],
  width = 390,
): Promise<void> {
  for (const [path, loaded] of pages) {
    await page.goto(`${baseUrl}${path}`);
    await expect(loaded(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.querySelector('main')!.scrollWidth), path).toBeLessThanOrEqual(width);
  }
}
