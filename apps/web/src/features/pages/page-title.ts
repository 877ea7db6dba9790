import type { Page } from '@fleetgate/contracts';

/** A page's title as users know it: its published version's, else its draft's, else the one given at creation. */
export function pageTitle(page: Pick<Page, 'title' | 'publishedVersion' | 'draftVersion'>): string {
  return page.publishedVersion?.title ?? page.draftVersion?.title ?? page.title;
}
