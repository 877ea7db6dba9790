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
import type { Asset } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';

type AssetTableProps = {
  assets: Asset[];
  typeName: (name: string) => string;
  /** The type column is left out when the list shows one type only. */
  showType: boolean;
  onEdit: (asset: Asset) => void;
  onDelete: (asset: Asset) => void;
};

export function AssetTable({ assets, typeName, showType, onEdit, onDelete }: AssetTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('assets.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('assets.name')}</TableCell>
            {showType && <TableCell>{t('assets.type')}</TableCell>}
            <TableCell align="right" sx={{ width: 96 }}>
              {t('assets.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {assets.map((asset) => (
            <TableRow key={asset.publicId} hover>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {asset.name}
                </Typography>
              </TableCell>
              {showType && <TableCell>{typeName(asset.assetType.name)}</TableCell>}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton
                  size="small"
                  aria-label={t('assets.edit', { name: asset.name })}
                  onClick={() => onEdit(asset)}
                >
                  <Edit fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('assets.delete', { name: asset.name })}
                  onClick={() => onDelete(asset)}
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
