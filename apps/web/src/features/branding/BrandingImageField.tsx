import { useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import UploadFile from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { brandingImageMaxBytes, type BrandingImageSlot } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { imageErrorText } from './branding-form.ts';
import { imageAccept, imageProblem } from './branding-images.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

type BrandingImageFieldProps = {
  slot: BrandingImageSlot;
  /** The stored image's address, or null. */
  url: string | null;
  /** Sends the file, reporting progress 0…1; rejects with the server's error. */
  onUpload: (file: File, onProgress: (fraction: number) => void) => Promise<void>;
  onRemove: () => Promise<void>;
  /** The preview's backdrop: a dark logo is shown on a dark tile. */
  tone: 'light' | 'dark';
};

type UploadState = { name: string; progress: number } | null;

/** One image of the branding: its preview, upload with a progress bar, and removal. */
export function BrandingImageField({ slot, url, onUpload, onRemove, tone }: BrandingImageFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<UploadState>(null);
  const [removing, setRemoving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const label = t(`branding.images.${slot}`);
  const maxKb = Math.round(brandingImageMaxBytes[slot] / 1024);
  const headingId = `branding-image-${slot}`;
  const statusId = `${headingId}-status`;

  const handleChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // The same file may be chosen again after a failure.
    event.currentTarget.value = '';
    if (!file) return;
    const refused = imageProblem(slot, file);
    if (refused) {
      setProblem(t(`branding.images.problems.${refused.kind}`, { maxKb }));
      return;
    }
    setProblem(null);
    setUpload({ name: file.name, progress: 0 });
    try {
      await onUpload(file, (progress) => setUpload({ name: file.name, progress }));
    } catch (error) {
      setProblem(imageErrorText(error, t, maxKb) ?? describeError(t, error));
    } finally {
      setUpload(null);
    }
  };

  const handleRemove = async () => {
    setProblem(null);
    setRemoving(true);
    try {
      await onRemove();
    } catch (error) {
      setProblem(describeError(t, error));
    } finally {
      setRemoving(false);
    }
  };

  const busy = upload !== null || removing;
  return (
    <Box
      role="group"
      aria-labelledby={headingId}
      aria-describedby={statusId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
    >
      <Typography id={headingId} variant="subtitle2" component="h3">
        {label}
      </Typography>
      <Box
        sx={{
          height: slot === 'favicon' ? 72 : 96,
          display: 'grid',
          placeItems: 'center',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: tone === 'dark' ? '#121212' : '#ffffff',
          p: 1,
        }}
      >
        {url ? (
          <Box
            component="img"
            src={url}
            alt={t('branding.images.current', { slot: label })}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Typography variant="body2" sx={{ color: tone === 'dark' ? '#e0e0e0' : '#5b6576' }}>
            {t('branding.images.none')}
          </Typography>
        )}
      </Box>
      {upload && (
        <Box>
          <LoadingBar
            value={Math.round(upload.progress * 100)}
            label={t('branding.images.uploading', { name: upload.name })}
          />
        </Box>
      )}
      <Typography
        id={statusId}
        variant="caption"
        color={problem ? 'error' : 'text.secondary'}
        role={problem ? 'alert' : undefined}
      >
        {problem ?? t('branding.images.hint', { maxKb })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <input
          ref={input}
          type="file"
          accept={imageAccept}
          hidden
          aria-label={label}
          onChange={(event) => void handleChosen(event)}
        />
        <Button
          variant="outlined"
          size="small"
          startIcon={<UploadFile />}
          disabled={busy}
          onClick={() => input.current?.click()}
          aria-label={`${t(url ? 'branding.images.replace' : 'branding.images.upload')}: ${label}`}
        >
          {t(url ? 'branding.images.replace' : 'branding.images.upload')}
        </Button>
        {url && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutline />}
            disabled={busy}
            loading={removing}
            onClick={() => void handleRemove()}
            aria-label={`${t('branding.images.remove')}: ${label}`}
          >
            {t('branding.images.remove')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
