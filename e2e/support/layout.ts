import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Up to five elements that stick out of the window on the right, each as tag, class, extent and
 * text; those inside a scrolling or clipping container that itself fits do not count.
 */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= limit) return [];
    const clipped = (element: Element) => {
      for (let up = element.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible' && up.getBoundingClientRect().right <= limit + 1)
          return true;
      }
      return false;
    };
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > limit + 1 && !clipped(element))
      .slice(0, 5)
      .map((element) => {
        const { left, right } = element.getBoundingClientRect();
        return `${element.tagName}.${element.className} ${left}-${right} ${element.textContent?.slice(0, 40)}`;
      });
  });
}

/**
 * Fails unless the page comes to fit its window. Polled: after the window is resized, the app
 * lays itself out again only once its media queries and resize observers have reported.
 */
export async function expectFitsWindow(page: Page): Promise<void> {
  await expect.poll(() => overflowingElements(page), { timeout: 10_000 }).toEqual([]);
}

/**
 * Resolves once no indeterminate progress indicator (something still loading: a lazily loaded
 * part, a query) is on the page; determinate ones (an upload's progress) may stay.
 */
export async function loadingFinished(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"]:not([aria-valuenow])'));
}
