import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { limits, pageErrors, type Page } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { describeError } from '../../api/error-text.ts';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useNotify } from '../../components/notify.tsx';
import { PagesListView, type PageAction } from './PagesListView.tsx';
import { pageTitle } from './page-title.ts';
import {
  exportPage,
  importMaxMb,
  importProblem,
  useCreatePage,
  useDeletePage,
  useDuplicatePage,
  useImportPage,
  usePages,
  usePagesLiveUpdates,
  useSetDefaultPage,
} from './use-pages.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';
import { LoadingBar } from '../../components/LoadingBar.tsx';

function NewPageDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePage();
  const [title, setTitle] = useState('');
  const trimmed = title.trim();
  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!trimmed) return;
          create.mutate(trimmed, { onSuccess: (page) => void navigate(`/pages/${page.publicId}/edit`) });
        }}
      >
        <DialogTitle>{t('pages.createDialog.title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('pages.createDialog.name')}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            slotProps={{ htmlInput: { maxLength: limits.nameMaxLength } }}
          />
          {create.isError && <Alert severity="error">{describeError(t, create.error)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('pages.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!trimmed} loading={create.isPending}>
            {t('pages.createDialog.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Picks an export file and uploads it with a progress bar, then opens the new page. */
function ImportButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const importPage = useImportPage();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="page-import-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const found = importProblem(file);
          if (found) {
            setProblem(
              found === 'size'
                ? t('pages.importTooLarge', { maxMb: importMaxMb })
                : t('pages.importFailed', { error: pageErrors.importInvalid }),
            );
            return;
          }
          setProblem(null);
          setProgress(0);
          importPage.mutate(
            { file, onProgress: setProgress },
            {
              onSuccess: (page) => void navigate(`/pages/${page.publicId}`),
              onError: (error) => setProblem(t('pages.importFailed', { error: describeError(t, error) })),
            },
          );
        }}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFileOutlined />}
        disabled={importPage.isPending}
        onClick={() => input.current?.click()}
      >
        {importPage.isPending ? t('pages.importing') : t('pages.import')}
      </Button>
      {importPage.isPending && (
        <LoadingBar value={Math.round(progress * 100)} label={t('pages.importing')} sx={{ width: 120 }} />
      )}
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)} sx={{ flexBasis: '100%' }}>
          {problem}
        </Alert>
      )}
    </>
  );
}

/** `/pages`: the dashboards the user may see; managers create, import and change them here. */
export function PagesListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { notify } = useNotify();
  const pages = usePages();
  usePagesLiveUpdates();
  const duplicate = useDuplicatePage();
  const setDefault = useSetDefaultPage();
  const remove = useDeletePage();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Page | null>(null);
  const mayManage = hasCapability(user, 'pages.manage');

  const onAction = (page: Page, action: PageAction) => {
    switch (action) {
      case 'open':
        return void navigate(`/pages/${page.publicId}`);
      case 'edit':
        return void navigate(`/pages/${page.publicId}/edit`);
      case 'duplicate':
        return duplicate.mutate(page.publicId, {
          onSuccess: () => notify(t('pages.duplicated')),
          onError: (error) =>
            notify(
              error instanceof ApiError && error.hasMessage(pageErrors.noPublished)
                ? t('pages.duplicateNotPublished')
                : describeError(t, error),
              { durationMs: 4000 },
            ),
        });
      case 'setDefault':
        return setDefault.mutate(page.publicId, {
          onSuccess: () => notify(t('pages.defaultSet')),
          onError: (error) =>
            notify(
              error instanceof ApiError && error.errors[0]
                ? error.errors[0].message
                : describeError(t, error),
              { durationMs: 4000 },
            ),
        });
      case 'export':
        return void exportPage({ publicId: page.publicId, title: pageTitle(page) }).catch((error: unknown) =>
          notify(describeError(t, error)),
        );
      case 'delete':
        return setDeleting(page);
    }
  };

  return (
    <Stack spacing={2.5}>
      <PageHeader
        title={t('pages.title')}
        subtitle={t('pages.subtitle')}
        action={
          mayManage ? (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <ImportButton />
              <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
                {t('pages.create')}
              </Button>
            </Stack>
          ) : undefined
        }
      />
      {pages.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <LoadingIndicator />
        </Box>
      ) : pages.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void pages.refetch()}>
              {t('pages.retry')}
            </Button>
          }
        >
          {t('pages.loadFailed')}
        </Alert>
      ) : pages.data.length === 0 ? (
        <Typography color="text.secondary">{t('pages.empty')}</Typography>
      ) : (
        <PagesListView pages={pages.data} mayManage={mayManage} onAction={onAction} />
      )}
      {creating && <NewPageDialog onClose={() => setCreating(false)} />}
      {deleting && (
        <ConfirmDeleteDialog
          title={t('pages.deleteTitle')}
          body={t('pages.deleteBody', { title: pageTitle(deleting) })}
          confirmLabel={t('pages.delete')}
          cancelLabel={t('pages.cancel')}
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.publicId, {
              onSuccess: () => notify(t('pages.deleted')),
              onError: (error) => notify(describeError(t, error)),
              onSettled: () => setDeleting(null),
            })
          }
        />
      )}
    </Stack>
  );
}
