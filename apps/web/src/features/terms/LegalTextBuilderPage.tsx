import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useBlocker } from 'react-router';
import {
  legalTextMaxLength,
  legalTextRequiredLanguage,
  termsErrorMessages,
  type Capability,
} from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { describeError } from '../../api/error-text.ts';
import { notAllowedPath } from '../../auth/CapabilityGate.tsx';
import { useCompanyId } from '../../auth/session.ts';
import { useMyUser } from '../../auth/use-my-user.ts';
import { DiscardChangesDialog } from '../../components/DiscardChangesDialog.tsx';
import { FullPageProgress } from '../../components/FullPageProgress.tsx';
import { Markup } from '../../components/markup/Markup.tsx';
import { useNotify } from '../../components/notify.tsx';
import { AddLanguageDialog } from './AddLanguageDialog.tsx';
import { LegalPageFrame } from './LegalPageFrame.tsx';
import { LegalTextState } from './LegalTextState.tsx';
import { MarkdownToolbar } from './MarkdownToolbar.tsx';
import { languageChanges } from './markdown-edit.ts';
import { useCompanyText, useSaveLanguage, type LegalTextKind } from './use-terms.ts';
import { registerTermsTexts } from './terms-texts.ts';

registerTermsTexts();

const manageCapability: Record<LegalTextKind, Capability> = {
  termsOfUse: 'termsOfUse.manage',
  privacyStatement: 'privacyStatement.manage',
};
const readerPath: Record<LegalTextKind, string> = {
  termsOfUse: '/my-company/terms-of-use',
  privacyStatement: '/my-company/privacy-statement',
};
const noticeMs = 6000;

/** The builders: one Markdown text per language with a live, sanitised preview. */
function LegalTextBuilder({ kind, companyId }: { kind: LegalTextKind; companyId: string }) {
  const { t, i18n } = useTranslation();
  const { notify } = useNotify();
  const current = useCompanyText(kind, companyId);
  const save = useSaveLanguage(kind, companyId);
  const [saved, setSaved] = useState<Record<string, string> | null>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [language, setLanguage] = useState(legalTextRequiredLanguage);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editor = useRef<HTMLTextAreaElement>(null);

  // The stored texts become the starting point once loaded (and again after each save).
  const loaded = current.isSuccess ? current.data : undefined;
  useEffect(() => {
    if (loaded === undefined || saved !== null) return;
    const own = loaded?.source === 'company' ? loaded.languages : {};
    setSaved(own);
    setTexts(own);
  }, [loaded, saved]);

  const base = saved ?? {};
  const changes = languageChanges(base, texts);
  const dirty = changes.length > 0;
  const languages = [...new Set([legalTextRequiredLanguage, ...Object.keys(base), ...Object.keys(texts)])];
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !save.isPending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);

  const languageName = (code: string) =>
    i18n.exists(`terms.builder.languageNames.${code}`)
      ? t(`terms.builder.languageNames.${code}` as 'terms.builder.languageNames.en')
      : code;
  const text = texts[language] ?? '';

  const handleSave = async () => {
    setError(null);
    let answer: Awaited<ReturnType<typeof save.mutateAsync>> = current.data ?? null;
    const stored = { ...base };
    try {
      for (const change of changes) {
        answer = await save.mutateAsync(change);
        if (change.body === null) delete stored[change.language];
        else stored[change.language] = change.body;
      }
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.errors[0]?.message : undefined;
      setError(
        message === termsErrorMessages.englishFirst
          ? t('terms.builder.englishFirst')
          : message === termsErrorMessages.englishLast
            ? t('terms.builder.englishLast')
            : describeError(t, failure),
      );
      setSaved(stored);
      return;
    }
    setSaved(stored);
    setTexts(stored);
    if (kind === 'privacyStatement') notify(t('terms.builder.savedPrivacy'), { durationMs: noticeMs });
    else if (answer && 'version' in answer && answer.source === 'company')
      notify(t('terms.builder.savedTerms', { version: answer.version }), { durationMs: noticeMs });
    else notify(t('terms.builder.savedTermsRemoved'), { durationMs: noticeMs });
  };

  const handleAddLanguage = (code: string) => {
    setAdding(false);
    setTexts((previous) => ({ ...previous, [code]: previous[code] ?? '' }));
    setLanguage(code);
  };

  const title = kind === 'termsOfUse' ? t('terms.builder.termsTitle') : t('terms.builder.privacyTitle');
  const subtitle =
    kind === 'termsOfUse' ? t('terms.builder.termsSubtitle') : t('terms.builder.privacySubtitle');

  return (
    <LegalPageFrame
      title={title}
      subtitle={subtitle}
      width={1240}
      back={
        <Button component={RouterLink} to={readerPath[kind]} startIcon={<ArrowBack />}>
          {t('terms.back')}
        </Button>
      }
      action={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {dirty && (
            <Chip size="small" color="warning" variant="outlined" label={t('terms.builder.unsaved')} />
          )}
          <Button variant="contained" onClick={() => void handleSave()} disabled={!dirty || save.isPending}>
            {save.isPending ? t('terms.builder.saving') : t('terms.builder.save')}
          </Button>
        </Stack>
      }
    >
      <LegalTextState query={current} />
      {current.data?.source === 'sector' && <Alert severity="info">{t('terms.builder.sectorApplies')}</Alert>}
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {saved !== null && (
        <>
          <Box
            sx={{ display: 'flex', alignItems: 'center', gap: 1, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tabs
              value={language}
              onChange={(_event, value: string) => setLanguage(value)}
              aria-label={t('terms.builder.languages')}
              variant="scrollable"
              scrollButtons="auto"
              sx={{ flex: '1 1 auto', minWidth: 0 }}
            >
              {languages.map((code) => (
                <Tab
                  key={code}
                  value={code}
                  id={`language-tab-${code}`}
                  aria-controls="language-panel"
                  label={languageName(code)}
                />
              ))}
            </Tabs>
            <Button startIcon={<Add />} onClick={() => setAdding(true)} sx={{ flexShrink: 0 }}>
              {t('terms.builder.addLanguage')}
            </Button>
          </Box>
          <Box
            id="language-panel"
            role="tabpanel"
            aria-labelledby={`language-tab-${language}`}
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
          >
            <Stack spacing={1} sx={{ minWidth: 0 }}>
              <MarkdownToolbar
                editor={editor}
                onChange={(next) => setTexts((previous) => ({ ...previous, [language]: next }))}
              />
              <TextField
                label={t('terms.builder.editor', { language: languageName(language) })}
                value={text}
                onChange={(event) =>
                  setTexts((previous) => ({ ...previous, [language]: event.target.value }))
                }
                inputRef={editor}
                multiline
                minRows={16}
                maxRows={32}
                fullWidth
                slotProps={{ htmlInput: { maxLength: legalTextMaxLength, spellCheck: true, lang: language } }}
                helperText={t('terms.builder.charactersLeft', { count: legalTextMaxLength - text.length })}
                sx={{
                  '& textarea': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
                }}
              />
            </Stack>
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="preview-title"
              sx={{ p: 2, minWidth: 0, bgcolor: 'background.default' }}
            >
              <Typography id="preview-title" variant="overline" component="h2" color="text.secondary">
                {t('terms.builder.preview')}
              </Typography>
              <Box data-testid="legal-text-preview" lang={language}>
                {text.trim() === '' ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('terms.builder.previewEmpty')}
                  </Typography>
                ) : (
                  <Markup source={text} headingLevel={3} variant="body1" />
                )}
              </Box>
            </Paper>
          </Box>
        </>
      )}
      <AddLanguageDialog
        open={adding}
        existing={languages}
        onAdd={handleAddLanguage}
        onCancel={() => setAdding(false)}
      />
      <DiscardChangesDialog
        open={blocker.state === 'blocked'}
        body={t('terms.builder.discardBody')}
        onKeepEditing={() => blocker.reset?.()}
        onDiscard={() => blocker.proceed?.()}
      />
    </LegalPageFrame>
  );
}

/** The builder for managers of the selected company; others see the not-allowed page. */
function LegalTextBuilderPage({ kind }: { kind: LegalTextKind }) {
  const companyId = useCompanyId();
  const user = useMyUser();
  if (companyId === null) return <Navigate to="/my-companies" replace />;
  if (user.isPending) return <FullPageProgress />;
  if (!user.data?.capabilities.includes(manageCapability[kind]))
    return <Navigate to={notAllowedPath} replace />;
  return <LegalTextBuilder kind={kind} companyId={companyId} />;
}

export function TermsOfUseBuilderPage() {
  return <LegalTextBuilderPage kind="termsOfUse" />;
}

export function PrivacyStatementBuilderPage() {
  return <LegalTextBuilderPage kind="privacyStatement" />;
}
