import { Fragment, useState } from 'react';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import type { Tag } from '@fleetgate/contracts';
import { formatDateTime } from '../../components/format/format-date.ts';
import { DetailSection } from '../devices/DetailSection.tsx';
import { useAppInstalled } from '../apps/use-installed-apps.ts';
import { TagHistory } from './TagHistory.tsx';
import { formatTagValue } from './tag-values.ts';
import { useDataLoggingLiveUpdates, useTags } from './use-data-logging.ts';

/**
 * The device page's "Live values": each logged tag's newest value, kept current as values
 * arrive, and its last hour on request. Nothing while the company has not installed Data logging
 * or the device logs no tags.
 */
export function LiveValuesSection({ agent }: { agent: { publicId: string; name: string } }) {
  const installed = useAppInstalled('dataLogging');
  if (!installed) return null;
  return <LiveValues agentId={agent.publicId} />;
}

function LiveValues({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const tags = useTags(agentId);
  useDataLoggingLiveUpdates(agentId);
  if (tags.isPending) return null;
  if (tags.isError)
    return (
      <DetailSection id="device-live-values" title={t('dataLogging.live.title')}>
        <Typography variant="body2" color="text.secondary">
          {t('dataLogging.live.loadFailed')}
        </Typography>
      </DetailSection>
    );
  if (tags.data.length === 0) return null;
  return (
    <DetailSection id="device-live-values" title={t('dataLogging.live.title')}>
      <LiveValueTable tags={tags.data} />
    </DetailSection>
  );
}

export function LiveValueTable({ tags }: { tags: Tag[] }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const sorted = [...tags].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby="device-live-values">
        <TableHead>
          <TableRow>
            <TableCell>{t('dataLogging.live.name')}</TableCell>
            <TableCell align="right">{t('dataLogging.live.value')}</TableCell>
            <TableCell>{t('dataLogging.live.time')}</TableCell>
            <TableCell>{t('dataLogging.live.history')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((tag) => {
            const expanded = open === tag.publicId;
            const historyId = `tag-history-${tag.publicId}`;
            return (
              <Fragment key={tag.publicId}>
                <TableRow>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {tag.name}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    {tag.last
                      ? `${formatTagValue(tag, tag.last.value, i18n.language)}${tag.unit ? ` ${tag.unit}` : ''}`
                      : '—'}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {tag.last ? formatDateTime(tag.last.time) : '—'}
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      aria-expanded={expanded}
                      aria-controls={expanded ? historyId : undefined}
                      aria-label={t('dataLogging.live.historyLabel', { name: tag.name })}
                      endIcon={expanded ? <ExpandLess /> : <ExpandMore />}
                      onClick={() => setOpen(expanded ? null : tag.publicId)}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {t('dataLogging.live.lastHour')}
                    </Button>
                  </TableCell>
                </TableRow>
                {expanded && (
                  <TableRow>
                    <TableCell id={historyId} colSpan={4} sx={{ bgcolor: 'action.hover' }}>
                      <TagHistory tag={tag} />
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
