import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/notify.tsx';

/** The recovery codes, shown once: to copy or download before the dialog closes. */
export function RecoveryCodesView({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const text = `${codes.join('\n')}\n`;

  const handleCopy = async () => {
    await navigator.clipboard.writeText(text);
    notify(t('twoFactor.codes.copied'), { key: 'recovery-codes' });
  };

  const handleDownload = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'fleetgate-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('twoFactor.codes.hint')}</Typography>
      <Box
        component="ul"
        aria-label={t('twoFactor.codes.listLabel')}
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button startIcon={<ContentCopy />} onClick={() => void handleCopy()}>
          {t('twoFactor.codes.copy')}
        </Button>
        <Button startIcon={<Download />} onClick={handleDownload}>
          {t('twoFactor.codes.download')}
        </Button>
      </Stack>
    </Stack>
  );
}
