import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@fleetgate/contracts';
import { chipTone } from './chip-tone.ts';

type Locks = Pick<Agent, 'vpnLocked' | 'webAccessLocked' | 'vpnRequireAccessApproval'>;

/** The device's access restrictions as chips; "Open" when it has none. */
export function AccessLocks({ agent }: { agent: Locks }) {
  const { t } = useTranslation();
  const locks = [
    agent.vpnLocked && { key: 'vpnLocked', icon: <LockOutlined /> },
    agent.webAccessLocked && { key: 'webAccessLocked', icon: <LockOutlined /> },
    agent.vpnRequireAccessApproval && { key: 'vpnRequireAccessApproval', icon: <VerifiedUserOutlined /> },
  ].filter((lock) => lock !== false);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {locks.length === 0 ? (
        <Chip size="small" variant="outlined" icon={<LockOpenOutlined />} label={t('devices.locks.open')} />
      ) : (
        locks.map((lock) => (
          <Chip
            key={lock.key}
            size="small"
            variant="outlined"
            icon={lock.icon}
            label={t(`devices.locks.${lock.key as 'vpnLocked'}`)}
            sx={chipTone.warning}
          />
        ))
      )}
    </Stack>
  );
}
