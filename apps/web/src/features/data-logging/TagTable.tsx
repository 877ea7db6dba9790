import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import type { Tag } from '@fleetgate/contracts';
import { formatDateTime } from '../../components/format/format-date.ts';
import { formatTagValue } from './tag-values.ts';

type TagTableProps = {
  agentId: string;
  agentName: string;
  tags: Tag[];
  manages: boolean;
  /** Adding needs a data source first. */
  canAdd: boolean;
  onAdd: () => void;
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
};

/** The agent's tags with how each is read and logged, and its newest value (kept current live). */
export function TagTable({
  agentId,
  agentName,
  tags,
  manages,
  canAdd,
  onAdd,
  onEdit,
  onDelete,
}: TagTableProps) {
  const { t, i18n } = useTranslation();
  const sorted = [...tags].sort((a, b) => a.name.localeCompare(b.name));
  const captionId = `agent-tags-${agentId}`;
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={captionId} variant="subtitle2" component="h4">
          {t('dataLogging.tags.title')}
        </Typography>
        {manages && (
          <Button
            size="small"
            startIcon={<Add />}
            onClick={onAdd}
            disabled={!canAdd}
            aria-label={t('dataLogging.tags.addLabel', { device: agentName })}
          >
            {t('dataLogging.tags.add')}
          </Button>
        )}
      </Stack>
      {sorted.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t(canAdd ? 'dataLogging.tags.empty' : 'dataLogging.tags.needSource')}
        </Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={captionId} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('dataLogging.tags.name')}</TableCell>
                <TableCell>{t('dataLogging.tags.source')}</TableCell>
                <TableCell>{t('dataLogging.tags.address')}</TableCell>
                <TableCell>{t('dataLogging.tags.dataType')}</TableCell>
                <TableCell align="right">{t('dataLogging.tags.scale')}</TableCell>
                <TableCell>{t('dataLogging.tags.unit')}</TableCell>
                <TableCell align="right">{t('dataLogging.tags.interval')}</TableCell>
                <TableCell>{t('dataLogging.tags.logMode')}</TableCell>
                <TableCell align="right">{t('dataLogging.tags.last')}</TableCell>
                {manages && (
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      {t('dataLogging.tags.actions')}
                    </Box>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {sorted.map((tag) => (
                <TableRow key={tag.publicId}>
                  <TableCell component="th" scope="row">
                    {tag.name}
                  </TableCell>
                  <TableCell>{tag.dataSource.name}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{tag.address}</TableCell>
                  <TableCell>{tag.dataType}</TableCell>
                  <TableCell align="right">{tag.scale}</TableCell>
                  <TableCell>{tag.unit}</TableCell>
                  <TableCell align="right">
                    {t('dataLogging.tags.seconds', { count: tag.sampleIntervalSeconds })}
                  </TableCell>
                  <TableCell>{t(`dataLogging.logModes.${tag.logMode}`)}</TableCell>
                  <TableCell align="right">
                    {tag.last ? (
                      <>
                        {formatTagValue(tag, tag.last.value, i18n.language)}
                        {tag.unit ? ` ${tag.unit}` : ''}
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {formatDateTime(tag.last.time)}
                        </Typography>
                      </>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  {manages && (
                    <TableCell padding="none" sx={{ pr: 1 }}>
                      <Tooltip title={t('dataLogging.edit')}>
                        <IconButton
                          size="small"
                          aria-label={`${t('dataLogging.edit')} ${tag.name}`}
                          onClick={() => onEdit(tag)}
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('dataLogging.delete')}>
                        <IconButton
                          size="small"
                          aria-label={`${t('dataLogging.delete')} ${tag.name}`}
                          onClick={() => onDelete(tag)}
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;
