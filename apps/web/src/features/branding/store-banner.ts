import { appStoreId, appStoreUrl, type Branding } from '@fleetgate/contracts';
import { createStoredValue } from '../../app/stored-value.ts';

import type { MobilePlatform } from './mobile-platform.ts';

export type StoreBanner = { platform: MobilePlatform; url: string; company: string };

/** The banner for this browser: its platform's store link, looked up by the app's id. */
export function storeBannerOf(
  branding: Branding | null,
  platform: MobilePlatform | null,
): StoreBanner | null {
  if (!branding || !platform) return null;
  const link = branding.appStoreLinks[platform];
  const id = link ? appStoreId(platform, link) : undefined;
  return id ? { platform, url: appStoreUrl(platform, id), company: branding.owner.name } : null;
}

/** The store pages whose banner was dismissed in this browser: never shown again. */
export const dismissedStoreBanners = createStoredValue<string[]>(
  'fleetgate.storeBannersDismissed',
  [],
  (raw) => (Array.isArray(raw) ? raw.filter((item): item is string => typeof item === 'string') : []),
);

export function dismissStoreBanner(url: string): void {
  const dismissed = dismissedStoreBanners.get();
  if (!dismissed.includes(url)) dismissedStoreBanners.set([...dismissed, url]);
}
