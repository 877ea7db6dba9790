import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import UploadFile from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import type { Translation, TranslationChange, TranslationCreate } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { describeError } from '../../api/error-text.ts';
import { DiscardChangesDialog } from '../../components/DiscardChangesDialog.tsx';
import { parseTranslationFile } from './translation-files.ts';
import { translationMessage } from './translation-form.ts';
import { planImport, rowErrors, type ImportPlan, type RowError } from './translation-import.ts';

const maxFileBytes = 1024 * 1024;

type ImportTranslationsDialogProps = {
  existing: readonly Translation[];
  changeMany: (items: TranslationChange[]) => Promise<unknown>;
  createMany: (items: TranslationCreate[]) => Promise<unknown>;
  /** Called with the number imported once everything is stored. */
  onImported: (count: number) => void;
  onClose: () => void;
};

type Chosen = { name: string; count: number; plan: ImportPlan } | { name: string; problem: string };

/** Imports a JSON or CSV file of translations: existing keys are updated, new ones added. */
export function ImportTranslationsDialog({
  existing,
  changeMany,
  createMany,
  onImported,
  onClose,
}: ImportTranslationsDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [serverErrors, setServerErrors] = useState<RowError[]>([]);
  // The existing keys were updated when adding the new ones failed (someone added one meanwhile).
  const [partly, setPartly] = useState(false);
  const [busy, setBusy] = useState(false);
  const [askDiscard, setAskDiscard] = useState(false);

  const handleFile = async (file: File | undefined) => {
    setServerErrors([]);
    setPartly(false);
    if (!file) return;
    if (file.size > maxFileBytes) {
      setChosen({ name: file.name, problem: t('translations.importDialog.tooLarge', { size: 1 }) });
      return;
    }
    const parsed = parseTranslationFile(file.name, await file.text());
    if (!parsed.ok) {
      const reason = t(`translations.importDialog.${parsed.reason}`);
      setChosen({ name: file.name, problem: t('translations.importDialog.unreadable', { reason }) });
      return;
    }
    setChosen({ name: file.name, count: parsed.items.length, plan: planImport(parsed, existing) });
  };

  const plan = chosen && 'plan' in chosen ? chosen.plan : null;
  const problem =
    chosen && 'problem' in chosen
      ? chosen.problem
      : plan && !plan.ok && 'problem' in plan
        ? plan.problem === 'empty'
          ? t('translations.importDialog.empty')
          : t('translations.importDialog.tooMany', { count: 1000 })
        : undefined;
  const errors =
    serverErrors.length > 0 ? serverErrors : plan && !plan.ok && 'errors' in plan ? plan.errors : [];

  const handleImport = async () => {
    if (!plan?.ok) return;
    setBusy(true);
    let rows = plan.changeRows;
    try {
      if (plan.changes.length > 0) await changeMany(plan.changes);
      setPartly(plan.changes.length > 0);
      rows = plan.createRows;
      if (plan.creates.length > 0) await createMany(plan.creates);
      onImported(plan.changes.length + plan.creates.length);
    } catch (error) {
      setServerErrors(
        error instanceof ApiError && error.errors.length > 0
          ? rowErrors(error.errors, rows)
          : [{ row: null, propertyName: null, message: describeError(t, error) }],
      );
    } finally {
      setBusy(false);
    }
  };

  const handleDialogClose = () => {
    if (busy) return;
    if (chosen) setAskDiscard(true);
    else onClose();
  };

  const titleId = 'import-translations-title';
  return (
    <>
      <Dialog
        open
        onClose={handleDialogClose}
        fullWidth
        maxWidth="sm"
        fullScreen={fullScreen}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{t('translations.importDialog.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('translations.importDialog.hint')}</DialogContentText>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
            <Button variant="outlined" startIcon={<UploadFile />} onClick={() => input.current?.click()}>
              {t('translations.importDialog.chooseFile')}
            </Button>
            <input
              ref={input}
              type="file"
              accept=".json,.csv,application/json,text/csv"
              hidden
              aria-label={t('translations.importDialog.chooseFile')}
              onChange={(event) => {
                void handleFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {chosen && 'count' in chosen
                ? t('translations.importDialog.fileName', { name: chosen.name, count: chosen.count })
                : (chosen?.name ?? t('translations.importDialog.noFile'))}
            </Typography>
          </Box>
          {problem && <Alert severity="error">{problem}</Alert>}
          {plan?.ok && serverErrors.length === 0 && (
            <Alert severity="info">
              {t('translations.importDialog.summary', {
                created: plan.creates.length,
                updated: plan.changes.length,
              })}
            </Alert>
          )}
          {errors.length > 0 && (
            <>
              <Alert severity="error" sx={{ mb: 1 }}>
                {t(
                  partly ? 'translations.importDialog.partlyTitle' : 'translations.importDialog.errorsTitle',
                )}
              </Alert>
              <TableContainer
                sx={{ maxHeight: 320 }}
                tabIndex={0}
                role="region"
                aria-label={t('translations.importDialog.errorsLabel')}
              >
                <Table size="small" stickyHeader aria-label={t('translations.importDialog.errorsLabel')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('translations.importDialog.row')}</TableCell>
                      <TableCell>{t('translations.importDialog.property')}</TableCell>
                      <TableCell>{t('translations.importDialog.message')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {errors.map((error, i) => (
                      <TableRow key={i}>
                        <TableCell>{error.row ?? '—'}</TableCell>
                        <TableCell>{error.propertyName ?? '—'}</TableCell>
                        <TableCell>{translationMessage(t, error.message)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('translations.importDialog.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void handleImport()}
            disabled={!plan?.ok || serverErrors.length > 0}
            loading={busy}
          >
            {t('translations.importDialog.submit')}
          </Button>
        </DialogActions>
      </Dialog>
      <DiscardChangesDialog
        open={askDiscard}
        onKeepEditing={() => setAskDiscard(false)}
        onDiscard={() => {
          setAskDiscard(false);
          onClose();
        }}
      />
    </>
  );
}
