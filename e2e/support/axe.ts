import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsSettled } from './browser.ts';

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The axe-core violations of the page as it is now (open dialogs included) whose impact is
 * serious or critical. axe is evaluated through the DevTools protocol, which the page's CSP
 * does not govern, so the app is checked under its real policy.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // A dialog fading in is checked once it is fully shown: half-transparent text would be
  // measured against its background while it appears. Endless animations never settle.
  await animationsSettled(page);
  // Half a megabyte of script: compiled once per document, not once per check.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run: (options: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Fails the test on any serious or critical axe-core violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
}
