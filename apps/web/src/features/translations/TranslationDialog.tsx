import { useMemo, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import {
  checkTranslationBatch,
  languageCodeRegex,
  requiredLanguage,
  type ApiErrorItem,
  type Translation,
} from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { describeError } from '../../api/error-text.ts';
import { DiscardChangesDialog } from '../../components/DiscardChangesDialog.tsx';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { languageOrder } from './translation-files.ts';
import { fieldOfError, languageName, translationMessage } from './translation-form.ts';

export type TranslationInput = { key: string; languages: Record<string, string> };

type TranslationDialogProps = {
  /** The translation to edit; a new one is added without it. */
  translation?: Translation | undefined;
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (input: TranslationInput) => Promise<void>;
  onClose: () => void;
};

const fixedLanguages = [requiredLanguage, 'de'];

function initialTexts(translation: Translation | undefined): Record<string, string> {
  const texts: Record<string, string> = Object.fromEntries(fixedLanguages.map((code) => [code, '']));
  return { ...texts, ...translation?.languages };
}

/** Adds or edits a translation: its key and a text per language; English is required. */
export function TranslationDialog({ translation, onSubmit, onClose }: TranslationDialogProps) {
  const { t, i18n } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const initial = useMemo(
    () => ({ key: translation?.key ?? '', texts: initialTexts(translation) }),
    [translation],
  );
  const [key, setKey] = useState(initial.key);
  const [texts, setTexts] = useState(initial.texts);
  const [newCode, setNewCode] = useState('');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<ApiErrorItem[]>([]);
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [askDiscard, setAskDiscard] = useState(false);

  const languages = Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== ''));
  const item = { key, languages };
  const check = translation
    ? checkTranslationBatch([{ publicId: translation.publicId, ...item }], 'change')
    : checkTranslationBatch([item], 'create');
  const clientErrors = check.ok ? [] : check.errors;
  const dirty =
    key !== initial.key ||
    Object.keys({ ...texts, ...initial.texts }).some(
      (code) => (texts[code] ?? '') !== (initial.texts[code] ?? ''),
    );

  const errorFor = (field: string) => {
    const server = serverErrors.find((e) => fieldOfError(e) === field);
    if (server) return translationMessage(t, server.message);
    if (!touched.has(field)) return undefined;
    const client = clientErrors.find((e) => fieldOfError(e) === field);
    return client ? translationMessage(t, client.message) : undefined;
  };
  const touch = (field: string) => {
    setTouched((current) => new Set(current).add(field));
    setServerErrors((current) => current.filter((e) => fieldOfError(e) !== field));
  };

  const codeTrimmed = newCode.trim();
  const codeProblem =
    codeTrimmed === ''
      ? undefined
      : !languageCodeRegex.test(codeTrimmed)
        ? t('translations.dialog.languageCodeInvalid')
        : Object.hasOwn(texts, codeTrimmed)
          ? t('translations.dialog.languageExists')
          : undefined;

  const handleAddLanguage = () => {
    if (codeTrimmed === '' || codeProblem) return;
    setTexts((current) => ({ ...current, [codeTrimmed]: '' }));
    setNewCode('');
  };

  const handleRemoveLanguage = (code: string) => {
    setTexts((current) => Object.fromEntries(Object.entries(current).filter(([c]) => c !== code)));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check.ok || busy) return;
    setBusy(true);
    setFormError(undefined);
    try {
      await onSubmit(item);
    } catch (error) {
      const items = error instanceof ApiError && error.status !== 429 ? error.errors : [];
      setServerErrors(items.filter((e) => fieldOfError(e) !== ''));
      const rest = items.filter((e) => fieldOfError(e) === '');
      setFormError(
        items.length === 0
          ? describeError(t, error)
          : rest.map((e) => translationMessage(t, e.message)).join(' ') || undefined,
      );
    } finally {
      setBusy(false);
    }
  };

  const handleDialogClose = () => {
    if (busy) return;
    if (dirty) setAskDiscard(true);
    else onClose();
  };

  const codes = languageOrder(Object.keys(texts));
  const titleId = 'translation-dialog-title';
  const uiLanguage = i18n.language;
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
        <form noValidate onSubmit={(event) => void handleSubmit(event)}>
          <DialogTitle id={titleId}>
            {t(translation ? 'translations.dialog.editTitle' : 'translations.dialog.addTitle')}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormAlert message={formError} />
              <TextField
                label={t('translations.dialog.key')}
                value={key}
                required
                autoFocus={!translation}
                autoComplete="off"
                onChange={(event) => {
                  setKey(event.target.value);
                  touch('key');
                }}
                error={errorFor('key') !== undefined}
                helperText={errorFor('key') ?? t('translations.dialog.keyHint')}
                slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off' } }}
              />
              {codes.map((code) => {
                const label = t('translations.dialog.languageLabel', {
                  language: languageName(code, uiLanguage),
                  code,
                });
                const error = errorFor(code);
                return (
                  <Box key={code} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                    <TextField
                      label={label}
                      value={texts[code] ?? ''}
                      required={code === requiredLanguage}
                      autoFocus={translation !== undefined && code === requiredLanguage}
                      multiline
                      maxRows={6}
                      fullWidth
                      lang={code}
                      onChange={(event) => {
                        const text = event.target.value;
                        setTexts((current) => ({ ...current, [code]: text }));
                        touch(code);
                      }}
                      error={error !== undefined}
                      helperText={error}
                    />
                    {!fixedLanguages.includes(code) && (
                      <IconButton
                        aria-label={t('translations.dialog.removeLanguage', { language: label })}
                        onClick={() => handleRemoveLanguage(code)}
                        sx={{ mt: 1 }}
                      >
                        <DeleteOutline />
                      </IconButton>
                    )}
                  </Box>
                );
              })}
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                <TextField
                  label={t('translations.dialog.languageCode')}
                  value={newCode}
                  size="small"
                  autoComplete="off"
                  onChange={(event) => setNewCode(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      handleAddLanguage();
                    }
                  }}
                  error={codeProblem !== undefined}
                  helperText={codeProblem ?? t('translations.dialog.languageCodeHint')}
                  slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
                />
                <Button
                  startIcon={<Add />}
                  onClick={handleAddLanguage}
                  disabled={codeTrimmed === '' || codeProblem !== undefined}
                  sx={{ mt: 0.5, flexShrink: 0, whiteSpace: 'nowrap' }}
                >
                  {t('translations.dialog.addLanguage')}
                </Button>
              </Box>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={busy}>
              {t('translations.dialog.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={!dirty || !check.ok} loading={busy}>
              {t(translation ? 'translations.dialog.save' : 'translations.dialog.create')}
            </Button>
          </DialogActions>
        </form>
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
