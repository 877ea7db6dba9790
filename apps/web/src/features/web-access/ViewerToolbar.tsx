import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import ContentPaste from '@mui/icons-material/ContentPaste';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FitScreen from '@mui/icons-material/FitScreen';
import KeyboardCommandKey from '@mui/icons-material/KeyboardCommandKey';
import Minimize from '@mui/icons-material/Minimize';
import Crop169 from '@mui/icons-material/Crop169';
import { useTranslation } from 'react-i18next';
import { describeStatus, type ViewerStatus } from './vnc-status.ts';

type Props = {
  title: string;
  status: ViewerStatus;
  viewOnly: boolean;
  fit: boolean;
  clipboardOpen: boolean;
  mode: ReactNode;
  onToggleFit: () => void;
  onToggleClipboard: () => void;
  onFullScreen: () => void;
  onCtrlAltDel: () => void;
  onMinimise: () => void;
  onClose: () => void;
};

const statusColour = (status: ViewerStatus) =>
  status.kind === 'connected'
    ? 'success'
    : status.kind === 'connecting' || status.kind === 'password'
      ? 'info'
      : 'warning';

/** A labelled icon button of the toolbar (the label is its name and its tooltip). */
function ToolButton(props: { label: string; onClick: () => void; pressed?: boolean; children: ReactNode }) {
  return (
    <Tooltip title={props.label}>
      <IconButton size="small" aria-label={props.label} aria-pressed={props.pressed} onClick={props.onClick}>
        {props.children}
      </IconButton>
    </Tooltip>
  );
}

/** The viewer's title, status (with why access ended) and controls. */
export function ViewerToolbar(props: Props) {
  const { t } = useTranslation();
  const { status } = props;
  const text = describeStatus(t, status);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        px: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography
        component="h2"
        variant="subtitle1"
        noWrap
        sx={{ fontWeight: 700, minWidth: 0, flexShrink: 1 }}
      >
        {props.title}
      </Typography>
      <Chip
        size="small"
        role="status"
        data-viewer-status={status.kind}
        color={statusColour(status)}
        label={text}
        sx={{ maxWidth: '100%' }}
      />
      <Box sx={{ flex: 1 }} />
      {props.mode}
      <ToolButton
        label={t('webAccess.viewer.clipboard')}
        pressed={props.clipboardOpen}
        onClick={props.onToggleClipboard}
      >
        <ContentPaste fontSize="small" />
      </ToolButton>
      <ToolButton
        label={props.fit ? t('webAccess.viewer.actualSize') : t('webAccess.viewer.fit')}
        onClick={props.onToggleFit}
      >
        {props.fit ? <Crop169 fontSize="small" /> : <FitScreen fontSize="small" />}
      </ToolButton>
      <ToolButton label={t('webAccess.viewer.fullScreen')} onClick={props.onFullScreen}>
        <Fullscreen fontSize="small" />
      </ToolButton>
      {/* Only while connected: over a closed connection the keys would go nowhere, silently. */}
      {!props.viewOnly && status.kind === 'connected' && (
        <ToolButton label={t('webAccess.viewer.ctrlAltDel')} onClick={props.onCtrlAltDel}>
          <KeyboardCommandKey fontSize="small" />
        </ToolButton>
      )}
      <ToolButton label={t('webAccess.viewer.minimise')} onClick={props.onMinimise}>
        <Minimize fontSize="small" />
      </ToolButton>
      <ToolButton label={t('webAccess.viewer.close')} onClick={props.onClose}>
        <Close fontSize="small" />
      </ToolButton>
    </Box>
  );
}
