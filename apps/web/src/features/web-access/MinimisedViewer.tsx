import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import DesktopWindowsOutlined from '@mui/icons-material/DesktopWindowsOutlined';
import OpenInFull from '@mui/icons-material/OpenInFull';
import { useTranslation } from 'react-i18next';
import {
  cornerInset,
  cornerZIndex,
  useCornerBase,
  useCornerBaseOffset,
} from '../../components/corner/bottom-left-corner.ts';
import { viewerStore, type ViewerTarget } from './viewer-store.ts';

const height = 44;

/**
 * The minimised viewer: a small bar in the bottom-left corner, above the VPN status bar (order 0)
 * and below the reminders, which stack on both.
 */
export function MinimisedViewer({ target }: { target: ViewerTarget }) {
  const { t } = useTranslation();
  useCornerBase('web-viewer', height, 1);
  const offset = useCornerBaseOffset(1);
  const label = t('webAccess.viewer.minimisedLabel', { device: target.agent.name });
  return (
    <Paper
      role="region"
      aria-label={label}
      data-web-viewer-chip=""
      elevation={6}
      sx={(theme) => ({
        position: 'fixed',
        left: cornerInset,
        bottom: { xs: cornerInset.xs + offset, sm: cornerInset.sm + offset },
        ...cornerZIndex(theme),
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        pl: 1.5,
        pr: 0.5,
        maxWidth: 'calc(100vw - 16px)',
        height,
        boxSizing: 'border-box',
        borderRadius: 4,
      })}
    >
      <DesktopWindowsOutlined fontSize="small" color="action" />
      <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
        {label}
      </Typography>
      <Box>
        <IconButton
          size="small"
          aria-label={t('webAccess.viewer.restore')}
          onClick={() => viewerStore.restore()}
        >
          <OpenInFull fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={t('webAccess.viewer.close')} onClick={() => viewerStore.close()}>
          <Close fontSize="small" />
        </IconButton>
      </Box>
    </Paper>
  );
}
