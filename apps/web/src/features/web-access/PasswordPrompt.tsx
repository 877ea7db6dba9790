import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The device's own VNC password, asked over the screen when its server wants one. */
export function PasswordPrompt({ message, onSend }: { message: string; onSend: (password: string) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  return (
    <Paper
      component="form"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, width: 320, maxWidth: '90%' }}
      onSubmit={(event) => {
        event.preventDefault();
        onSend(password);
      }}
    >
      <Typography variant="body2">{message}</Typography>
      <TextField
        type="password"
        size="small"
        autoFocus
        autoComplete="off"
        label={t('webAccess.viewer.password')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained">
          {t('webAccess.viewer.sendPassword')}
        </Button>
      </Box>
    </Paper>
  );
}
