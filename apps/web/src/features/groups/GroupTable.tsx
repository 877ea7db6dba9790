import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Edit from '@mui/icons-material/Edit';
import type { Group } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';

type GroupTableProps = {
  groups: Group[];
  typeName: (name: string) => string;
  /** The type column is left out when the list shows one type only. */
  showType: boolean;
  onEdit: (group: Group) => void;
  onDelete: (group: Group) => void;
};

const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function GroupTable({ groups, typeName, showType, onEdit, onDelete }: GroupTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('groups.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('groups.name')}</TableCell>
            {showType && <TableCell sx={wideOnly}>{t('groups.type')}</TableCell>}
            <TableCell sx={wideOnly}>{t('groups.parent')}</TableCell>
            <TableCell align="right" sx={{ width: 96 }}>
              {t('groups.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => (
            <TableRow key={group.publicId} hover>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
                  <Box
                    aria-hidden
                    title={group.color}
                    sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: group.color, flexShrink: 0 }}
                  />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                      {group.name}
                    </Typography>
                    {/* Narrow screens show type and parent under the name instead of in columns. */}
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: { xs: 'block', sm: 'none' } }}
                    >
                      {[showType ? typeName(group.groupType.name) : null, group.parent?.name]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography>
                  </Box>
                </Box>
              </TableCell>
              {showType && <TableCell sx={wideOnly}>{typeName(group.groupType.name)}</TableCell>}
              <TableCell sx={wideOnly}>
                {group.parent?.name ?? (
                  <Typography variant="body2" color="text.disabled" component="span">
                    —
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton
                  size="small"
                  aria-label={t('groups.edit', { name: group.name })}
                  onClick={() => onEdit(group)}
                >
                  <Edit fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('groups.delete', { name: group.name })}
                  onClick={() => onDelete(group)}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
