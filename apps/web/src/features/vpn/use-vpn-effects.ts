import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setFaviconOverride } from '../../app/favicon.ts';
import { useNotify } from '../../components/notify.tsx';
import { releaseFor, type ReleaseDocument } from './release-document.ts';
import { lastRecommendedAt, recordRecommendation } from './local-values.ts';
import {
  desktopPlatform,
  recommendationValidMs,
  recommendationWaitMs,
  updateAvailable,
} from './vpn-rules.ts';

const vpnFavicon = '/favicon-vpn.svg';

/** Spec §4: the favicon shows a VPN icon while connected, and the usual one otherwise. */
export function useVpnFavicon(connected: boolean) {
  useEffect(() => {
    if (!connected) return;
    // Wins over the branding's favicon while connected; the branding's shows again after.
    setFaviconOverride(vpnFavicon);
    return () => setFaviconOverride(null);
  }, [connected]);
}

/**
 * Spec §4 "Updates": "VPN client update available!" while the running connector is older than
 * the platform's latest release; clicking it opens the info dialog. Cleared when none exists.
 * The promo is a recommendation the portal makes on its own, so it follows the 8-hour rule
 * (`recommendationWaitMs`): shown once, then not again until 8 hours later, also in a tab that
 * stays open that long.
 */
export function useUpdatePromo(
  version: string | undefined,
  release: ReleaseDocument | undefined,
  open: () => void,
) {
  const { t } = useTranslation();
  const { notify, dismiss } = useNotify();
  // Bumped when the last recommendation runs out while the promo still applies.
  const [round, setRound] = useState(0);
  const latest = release
    ? releaseFor(release, desktopPlatform(navigator.userAgent))?.latestVersion
    : undefined;
  const promo = updateAvailable(version, latest);
  useEffect(() => {
    if (!promo) {
      dismiss('vpn-update');
      return;
    }
    let wait = recommendationWaitMs(lastRecommendedAt(), Date.now());
    if (wait === 0) {
      notify(t('vpn.notices.updatePromo'), {
        key: 'vpn-update',
        durationMs: 10_000,
        action: { label: t('vpn.notices.open'), onClick: open },
      });
      recordRecommendation(Date.now());
      wait = recommendationValidMs;
    }
    const timer = setTimeout(() => setRound((r) => r + 1), wait);
    return () => clearTimeout(timer);
    // `open` changes every render; the promo is about the version pair only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [promo, version, latest, round, notify, dismiss, t]);
}
