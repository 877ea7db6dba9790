import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import type { AuditAction, AuditEntry } from './use-audit-logs.ts';
import { formatDateTime } from '../../components/format/format-date.ts';

const actionColor: Record<AuditAction, 'success' | 'info' | 'error'> = {
  CREATE: 'success',
  UPDATE: 'info',
  DELETE: 'error',
};

function Snapshot({ label, value }: { label: string; value: unknown }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Box
        component="pre"
        sx={{ m: 0, p: 1, bgcolor: 'grey.100', borderRadius: 1, fontSize: 12, overflowX: 'auto' }}
      >
        {value === null || value === undefined ? t('auditTrail.none') : JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  );
}

/** One audit entry: the summary line, and before/after on demand. */
export function AuditEntryRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Chip
          size="small"
          color={actionColor[entry.action]}
          label={t(`auditTrail.actions.${entry.action}`)}
        />
        <Typography sx={{ fontWeight: 500 }}>{entry.resource.rel}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {entry.resource.publicId}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Typography variant="body2" color="text.secondary">
          {entry.actor?.name ?? t('auditTrail.system')}
          {entry.clientAddress ? ` · ${t('auditTrail.from', { address: entry.clientAddress })}` : ''}
          {' · '}
          {formatDateTime(entry.createdAt)}
        </Typography>
        <IconButton
          size="small"
          aria-label={t('auditTrail.details')}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
        >
          <ExpandMore fontSize="small" />
        </IconButton>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 1 }}>
          <Snapshot label={t('auditTrail.before')} value={entry.before} />
          <Snapshot label={t('auditTrail.after')} value={entry.after} />
        </Stack>
      </Collapse>
    </Box>
  );
}
