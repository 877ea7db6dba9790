import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@fleetgate/contracts';
import { lazyPart } from '../../app/lazy-part.tsx';
import { requestableAssets } from './device-status.ts';

// Loaded with its first use: most readers of the panel never request access to an asset.
const AssetRequestAccessDialog = lazyPart(
  () => import('../assets/AssetRequestAccessDialog.tsx'),
  'AssetRequestAccessDialog',
  null,
);

/**
 * The device's assets in its side panel. A user who may request access gets Request access per
 * asset (the request names the machine), also without the assets page (assetTypes.manage).
 */
export function DeviceAssets({ agent }: { agent: Pick<Agent, 'assets' | 'myAccess'> }) {
  const { t, i18n } = useTranslation();
  const [requesting, setRequesting] = useState<string | null>(null);
  if (agent.assets.length === 0) return t('devices.detail.none');
  if (requestableAssets(agent).length === 0)
    return new Intl.ListFormat(i18n.language).format(agent.assets.map((asset) => asset.name));
  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {agent.assets.map((asset) => (
          <Box
            component="li"
            key={asset.publicId}
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
          >
            <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {asset.name}
            </Box>
            <Button
              size="small"
              aria-label={t('devices.requestAssetAccess', { name: asset.name })}
              onClick={() => setRequesting(asset.publicId)}
              sx={{ flexShrink: 0 }}
            >
              {t('devices.requestAccess')}
            </Button>
          </Box>
        ))}
      </Box>
      {requesting && (
        <AssetRequestAccessDialog assetPublicId={requesting} onClose={() => setRequesting(null)} />
      )}
    </>
  );
}
