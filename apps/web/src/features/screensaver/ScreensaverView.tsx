import { useRef, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import UploadFile from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { screensaverAccept, screensaverMaxMb } from './screensaver-image.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

export type ScreensaverViewProps = {
  agentName: string;
  /** The stored image as an object URL, once loaded. */
  imageUrl: string | null;
  hasImage: boolean;
  imageFailed: boolean;
  /** The uploading flag: set while a file goes out; every control waits for it. */
  uploading: { name: string; progress: number } | null;
  removing: boolean;
  problem: string | null;
  canManage: boolean;
  onChoose: (file: File) => void;
  onRemove: () => void;
};

/** The display screensaver of one agent: preview, upload with a progress bar, removal. */
export function ScreensaverView(props: ScreensaverViewProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { agentName, imageUrl, hasImage, imageFailed, uploading, removing, problem, canManage } = props;
  const busy = uploading !== null || removing;

  const handleChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // The same file may be chosen again after a failure.
    event.currentTarget.value = '';
    if (file) props.onChoose(file);
  };

  return (
    <Stack spacing={1.5} aria-busy={busy}>
      <Typography variant="body2" color="text.secondary">
        {t('screensaver.intro')}
      </Typography>
      <Box
        sx={{
          width: '100%',
          maxWidth: 480,
          aspectRatio: '16 / 9',
          display: 'grid',
          placeItems: 'center',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#10243e',
          overflow: 'hidden',
        }}
      >
        {hasImage && imageUrl ? (
          <Box
            component="img"
            src={imageUrl}
            alt={t('screensaver.current', { name: agentName })}
            // Scaled to the frame as a display would show it.
            sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Typography variant="body2" sx={{ color: '#e0e6ee', px: 2, textAlign: 'center' }}>
            {hasImage ? (imageFailed ? t('screensaver.loadFailed') : '') : t('screensaver.none')}
          </Typography>
        )}
      </Box>
      {uploading && (
        <LoadingBar
          value={Math.round(uploading.progress * 100)}
          label={t('screensaver.uploading', { name: uploading.name })}
          sx={{ maxWidth: 480 }}
        />
      )}
      <Typography
        id="screensaver-status"
        variant="caption"
        color={problem ? 'error' : 'text.secondary'}
        role={problem ? 'alert' : undefined}
      >
        {problem ?? t('screensaver.hint', { maxMb: screensaverMaxMb })}
      </Typography>
      {canManage && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <input
            ref={input}
            type="file"
            accept={screensaverAccept}
            hidden
            aria-label={t('screensaver.upload')}
            onChange={handleChosen}
          />
          <Button
            variant="outlined"
            size="small"
            startIcon={<UploadFile />}
            disabled={busy}
            loading={uploading !== null}
            loadingPosition="start"
            aria-describedby="screensaver-status"
            onClick={() => input.current?.click()}
          >
            {t(hasImage ? 'screensaver.replace' : 'screensaver.upload')}
          </Button>
          {hasImage && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutline />}
              disabled={busy}
              onClick={props.onRemove}
            >
              {t('screensaver.remove')}
            </Button>
          )}
        </Box>
      )}
    </Stack>
  );
}
