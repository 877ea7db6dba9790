import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Props = { deviceText: string; onSend: ((text: string) => void) | null; connected: boolean };

/**
 * The device's clipboard as the viewer last heard of it, and text to paste into the device's
 * clipboard (the browser's own clipboard is not read without asking; the user pastes here).
 * Sending is control, so view-only (`onSend` null) shows only what the device copied; it waits
 * for a connection (the text stays while the viewer reconnects).
 */
export function ClipboardPanel({ deviceText, onSend, connected }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        px: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        alignItems: 'flex-start',
      }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('webAccess.viewer.deviceClipboard')}
        </Typography>
        <Typography
          variant="body2"
          data-device-clipboard=""
          sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 96, overflow: 'auto' }}
        >
          {deviceText || t('webAccess.viewer.clipboardEmpty')}
        </Typography>
      </Box>
      {onSend && (
        <Box
          component="form"
          sx={{ flex: '1 1 240px', display: 'flex', gap: 1, alignItems: 'flex-start' }}
          onSubmit={(event) => {
            event.preventDefault();
            if (text && connected) onSend(text);
          }}
        >
          <TextField
            size="small"
            fullWidth
            multiline
            maxRows={3}
            label={t('webAccess.viewer.sendText')}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" variant="outlined" disabled={!text || !connected}>
            {t('webAccess.viewer.send')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
