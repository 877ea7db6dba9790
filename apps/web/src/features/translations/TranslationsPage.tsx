import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import type { Translation } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useNotify } from '../../components/notify.tsx';
import { useShellSearch } from '../../components/shell/use-shell-search.ts';
import { ImportTranslationsDialog } from './ImportTranslationsDialog.tsx';
import { TranslationDialog, type TranslationInput } from './TranslationDialog.tsx';
import { TranslationTable } from './TranslationTable.tsx';
import { download, toCsv, toJson } from './translation-files.ts';
import {
  useChangeTranslations,
  useCompanyTranslations,
  useCreateTranslations,
  useDeleteTranslations,
} from './use-translations.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

type DialogState = { mode: 'add' } | { mode: 'edit'; translation: Translation } | { mode: 'import' } | null;

const noticeMs = 3000;

function matches(item: Translation, needle: string) {
  if (needle === '') return true;
  const lower = needle.toLowerCase();
  return (
    item.key.toLowerCase().includes(lower) ||
    Object.values(item.languages).some((text) => text.toLowerCase().includes(lower))
  );
}

/** `/translations`: the company's own texts, edited one by one or imported and exported as files. */
export function TranslationsPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const query = useShellSearch();
  const translations = useCompanyTranslations();
  const createMany = useCreateTranslations();
  const changeMany = useChangeTranslations();
  const deleteMany = useDeleteTranslations();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);

  const all = useMemo(() => translations.data ?? [], [translations.data]);
  const rows = useMemo(
    () => all.filter((item) => matches(item, query)).sort((a, b) => a.key.localeCompare(b.key)),
    [all, query],
  );
  // Only what is still there (and shown) stays selected.
  const selectedShown = useMemo(
    () => new Set(rows.filter((row) => selected.has(row.publicId)).map((row) => row.publicId)),
    [rows, selected],
  );

  const handleSubmit = async (input: TranslationInput) => {
    if (dialog?.mode === 'edit') {
      await changeMany.mutateAsync([{ publicId: dialog.translation.publicId, ...input }]);
      notify(t('translations.saved'), { durationMs: noticeMs });
    } else {
      await createMany.mutateAsync([input]);
      notify(t('translations.created'), { durationMs: noticeMs });
    }
    setDialog(null);
  };

  const handleDelete = () => {
    const ids = [...selectedShown];
    deleteMany.mutate(ids, {
      onSuccess: () => {
        notify(t('translations.deleted', { count: ids.length }), { durationMs: noticeMs });
        setSelected(new Set());
      },
      onError: (error) => notify(describeError(t, error), { durationMs: noticeMs }),
      onSettled: () => setConfirmDelete(false),
    });
  };

  const handleExport = (format: 'json' | 'csv') => {
    setExportAnchor(null);
    if (format === 'json') download('translations.json', 'application/json', toJson(all));
    else download('translations.csv', 'text/csv;charset=utf-8', toCsv(all));
  };

  const firstSelected = all.find((item) => selectedShown.has(item.publicId));
  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('translations.title')}
        subtitle={t('translations.subtitle')}
        action={
          <>
            {selectedShown.size > 0 && (
              <Button color="error" startIcon={<DeleteOutline />} onClick={() => setConfirmDelete(true)}>
                {t('translations.deleteSelected', { count: selectedShown.size })}
              </Button>
            )}
            <Button
              startIcon={<UploadFileOutlined />}
              onClick={() => setDialog({ mode: 'import' })}
              disabled={!translations.isSuccess}
            >
              {t('translations.import')}
            </Button>
            <Button
              startIcon={<FileDownloadOutlined />}
              onClick={(event) => setExportAnchor(event.currentTarget)}
              disabled={!translations.isSuccess || all.length === 0}
              aria-haspopup="menu"
              aria-expanded={exportAnchor !== null}
              aria-controls={exportAnchor ? 'translations-export-menu' : undefined}
            >
              {t('translations.export')}
            </Button>
            <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ mode: 'add' })}>
              {t('translations.add')}
            </Button>
          </>
        }
      />
      <Menu
        id="translations-export-menu"
        anchorEl={exportAnchor}
        open={exportAnchor !== null}
        onClose={() => setExportAnchor(null)}
        slotProps={{ list: { 'aria-label': t('translations.exportMenu') } }}
      >
        <MenuItem onClick={() => handleExport('json')}>{t('translations.exportJson')}</MenuItem>
        <MenuItem onClick={() => handleExport('csv')}>{t('translations.exportCsv')}</MenuItem>
      </Menu>
      {translations.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <LoadingIndicator />
        </Box>
      )}
      {translations.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void translations.refetch()}>
              {t('translations.retry')}
            </Button>
          }
        >
          {t('translations.loadFailed')}
        </Alert>
      )}
      {translations.isSuccess && rows.length === 0 && (
        <Card>
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {all.length === 0 ? t('translations.empty') : t('translations.noMatches', { query })}
          </Typography>
        </Card>
      )}
      {translations.isSuccess && rows.length > 0 && (
        <TranslationTable
          rows={rows}
          selected={selectedShown}
          onSelectedChange={setSelected}
          onEdit={(translation) => setDialog({ mode: 'edit', translation })}
        />
      )}
      {(dialog?.mode === 'add' || dialog?.mode === 'edit') && (
        <TranslationDialog
          key={dialog.mode === 'edit' ? dialog.translation.publicId : 'new'}
          translation={dialog.mode === 'edit' ? dialog.translation : undefined}
          onSubmit={handleSubmit}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.mode === 'import' && (
        <ImportTranslationsDialog
          existing={all}
          changeMany={(items) => changeMany.mutateAsync(items)}
          createMany={(items) => createMany.mutateAsync(items)}
          onImported={(count) => {
            notify(t('translations.importDialog.done', { count }), { durationMs: noticeMs });
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {confirmDelete && firstSelected && (
        <ConfirmDeleteDialog
          title={t('translations.deleteDialog.title')}
          body={t('translations.deleteDialog.body', { count: selectedShown.size, key: firstSelected.key })}
          confirmLabel={t('translations.deleteDialog.confirm')}
          cancelLabel={t('translations.deleteDialog.cancel')}
          busy={deleteMany.isPending}
          onConfirm={handleDelete}
          onClose={() => setConfirmDelete(false)}
        />
      )}
    </Stack>
  );
}
