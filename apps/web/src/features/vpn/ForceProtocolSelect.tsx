import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { setForceProtocol, useForceProtocol } from './local-values.ts';
import { forceProtocols, type ForceProtocol } from './vpn-rules.ts';

const labelKeys = {
  tcp: 'vpn.client.protocolTcp',
  tcp4: 'vpn.client.protocolTcp4',
  tcp6: 'vpn.client.protocolTcp6',
} as const satisfies Record<ForceProtocol, string>;

/** On Android and iOS: which address family the VPN uses; tcp clears the stored choice. */
export function ForceProtocolSelect() {
  const { t } = useTranslation();
  const value = useForceProtocol();
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 2 }}>
        {t('vpn.client.title')}
      </Typography>
      <TextField
        select
        fullWidth
        label={t('vpn.client.forceProtocol')}
        value={value}
        onChange={(event) => setForceProtocol(event.target.value as ForceProtocol)}
      >
        {forceProtocols.map((protocol) => (
          <MenuItem key={protocol} value={protocol}>
            {t(labelKeys[protocol])}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
