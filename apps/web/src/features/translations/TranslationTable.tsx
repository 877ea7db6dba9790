import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import type { Translation } from '@fleetgate/contracts';

type TranslationTableProps = {
  rows: Translation[];
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: Set<string>) => void;
  onEdit: (translation: Translation) => void;
};

const textCell = { maxWidth: 280, overflowWrap: 'anywhere' } as const;
const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;

/** The company's translations: key, English and German texts, and how many other languages. */
export function TranslationTable({ rows, selected, onSelectedChange, onEdit }: TranslationTableProps) {
  const { t } = useTranslation();
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.publicId));
  const someSelected = rows.some((row) => selected.has(row.publicId));

  const toggle = (publicId: string) => {
    const next = new Set(selected);
    if (next.has(publicId)) next.delete(publicId);
    else next.add(publicId);
    onSelectedChange(next);
  };
  const toggleAll = () =>
    onSelectedChange(allSelected ? new Set() : new Set(rows.map((row) => row.publicId)));

  return (
    <Card>
      <TableContainer>
        <Table size="small" aria-label={t('translations.table.label')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={toggleAll}
                  slotProps={{ input: { 'aria-label': t('translations.table.selectAll') } }}
                />
              </TableCell>
              <TableCell>{t('translations.table.key')}</TableCell>
              <TableCell>{t('translations.table.english')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('translations.table.german')}
              </TableCell>
              <TableCell sx={wideOnly}>{t('translations.table.others')}</TableCell>
              <TableCell padding="checkbox" />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const others = Object.keys(row.languages).filter(
                (code) => code !== 'en' && code !== 'de',
              ).length;
              return (
                <TableRow key={row.publicId} hover selected={selected.has(row.publicId)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(row.publicId)}
                      onChange={() => toggle(row.publicId)}
                      slotProps={{
                        input: { 'aria-label': t('translations.table.select', { key: row.key }) },
                      }}
                    />
                  </TableCell>
                  <TableCell sx={{ ...textCell, fontFamily: 'monospace' }}>{row.key}</TableCell>
                  <TableCell sx={textCell} lang="en">
                    {row.languages.en}
                  </TableCell>
                  <TableCell sx={{ ...textCell, display: { xs: 'none', sm: 'table-cell' } }} lang="de">
                    {row.languages.de ?? t('translations.table.none')}
                  </TableCell>
                  <TableCell sx={wideOnly}>
                    {others === 0
                      ? t('translations.table.none')
                      : t('translations.table.othersCount', { count: others })}
                  </TableCell>
                  <TableCell padding="checkbox">
                    <IconButton
                      aria-label={t('translations.table.edit', { key: row.key })}
                      onClick={() => onEdit(row)}
                    >
                      <EditOutlined />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
