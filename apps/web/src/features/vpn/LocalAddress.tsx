import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import OpenInNew from '@mui/icons-material/OpenInNew';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { useTranslation } from 'react-i18next';
import { CopyAddressButton } from './CopyAddressButton.tsx';
import type { LocalServiceAddress } from './local-addresses.ts';

/** Why a service's local port changed: its remembered one is held by another program. */
export function MovedNotice({ service }: { service: LocalServiceAddress }) {
  const { t } = useTranslation();
  if (!service.movedFrom) return null;
  return (
    <Box
      role="note"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', fontSize: '0.8125rem' }}
    >
      <WarningAmber sx={{ fontSize: '1rem', color: 'warning.main' }} aria-hidden />
      {t('vpn.local.moved', { from: service.movedFrom, to: service.address, name: service.name })}
    </Box>
  );
}

/** `127.0.0.1:<port>` of one service with its copy button and, for a web service, an Open link. */
export function LocalAddress({ service }: { service: LocalServiceAddress }) {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}
      data-testid={`local-address-${service.name}`}
    >
      <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.875rem' }}>
        {service.address}
      </Box>
      <CopyAddressButton value={service.address} label={t('vpn.local.copy', { name: service.name })} />
      {service.url && (
        <Link
          href={service.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('vpn.local.openService', { name: service.name })}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontSize: '0.875rem' }}
        >
          {t('vpn.local.open')}
          <OpenInNew sx={{ fontSize: '1rem' }} aria-hidden />
        </Link>
      )}
    </Box>
  );
}

/** The SOCKS5 proxy's address with its copy button, and a ready command through it. */
export function SocksAddress({ address, example }: { address: string; example: string | null }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="local-address-socks">
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.875rem' }}>
          {address}
        </Box>
        <CopyAddressButton value={address} label={t('vpn.local.copySocks')} />
      </Box>
      {example && (
        <>
          <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{t('vpn.local.socksHint')}</Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box
              component="code"
              sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere', minWidth: 0 }}
            >
              {example}
            </Box>
            <CopyAddressButton
              value={example}
              label={t('vpn.local.copyCommand')}
              copied={t('vpn.local.commandCopied')}
            />
          </Box>
        </>
      )}
    </Box>
  );
}
