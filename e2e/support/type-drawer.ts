import type { Locator, Page } from 'playwright-core';

/** Where an element is once it stopped moving (the overlaying drawer slides in). */
export async function settledBox(locator: Locator) {
  let last = await locator.boundingBox();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await locator.boundingBox();
    if (last && next && last.x === next.x && last.y === next.y) return next;
    last = next;
  }
}

/** Drags with a real mouse: press on the handle, move past the activation distance, drop on the target. */
export async function drag(page: Page, handle: Locator, target: Locator) {
  // On a short window the type list may have to be scrolled into view first: to the middle, so
  // the drag does not start at the menu's edge, where dnd-kit scrolls the menu under the pointer.
  await target.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  await handle.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  const from = await settledBox(handle);
  const to = await settledBox(target);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + (to.y < from.y ? -4 : 4), {
    steps: 15,
  });
  await page.mouse.up();
}

const menuItemOf = { 'Group types': 'Groups', 'Asset types': 'Assets' } as const;

/**
 * The group types under the Groups menu item, or the asset types under Assets, as the groups and
 * assets tests use them.
 */
export function typeDrawer(label: keyof typeof menuItemOf) {
  /** The types' section of the menu, opening the drawer first where it overlays. */
  async function open(page: Page): Promise<Locator> {
    const section = page.getByRole('region', { name: label });
    if (!(await section.isVisible())) {
      await page.getByRole('button', { name: 'Toggle menu' }).click();
      await section.waitFor();
      await settledBox(section);
    }
    return section;
  }
  const list = (section: Locator): Locator => section.getByRole('list', { name: label });
  async function names(page: Page): Promise<string[]> {
    const texts = await list(await open(page))
      .getByRole('link')
      .allInnerTexts();
    return texts.map((name) => name.trim());
  }
  async function itemMenu(page: Page, name: string) {
    const section = await open(page);
    await section.getByRole('button', { name: `More actions for ${name}` }).click();
    return page.getByRole('menu');
  }
  /** The menu item above the types, which lists everything of every type. */
  async function showAll(page: Page) {
    await open(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: menuItemOf[label], exact: true })
      .click();
  }
  return { open, list, names, itemMenu, showAll };
}
