import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import {
  pageLimits,
  type PageComponent,
  type PageVersion,
  type PageVersionPatchInput,
} from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { describeError } from '../../api/error-text.ts';
import { lazyPart } from '../../app/lazy-part.tsx';
import { ConfirmActionDialog } from '../../components/ConfirmActionDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useNotify } from '../../components/notify.tsx';
import { useAgents } from '../devices/use-devices.ts';
import { ComponentDialog, type ComponentDraft } from './ComponentDialog.tsx';
import { PageSettingsDialog, type PageSettings } from './PageSettingsDialog.tsx';
import { PageDevicesDialog } from './PageDevicesDialog.tsx';
import { pageTitle } from './page-title.ts';
import { newComponentId, placeNewComponent } from './page-layout.ts';
import { queriedRange } from './period.ts';
import {
  useAgentTags,
  useCreateDraft,
  useDiscardDraft,
  usePage,
  usePages,
  usePublishDraft,
  useSaveDraft,
  useSetPageDevices,
  type ShownDevice,
} from './use-pages.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

const BuilderGrid = lazyPart(
  () => import('./BuilderGrid.tsx'),
  'BuilderGrid',
  <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
    <LoadingIndicator />
  </Box>,
);

type Working = { components: PageComponent[]; settings: PageSettings };

function workingOf(version: PageVersion): Working {
  return {
    components: version.components,
    settings: {
      title: version.title,
      icon: version.custom.glbMatIcon,
      periodSpec: version.periodSpec,
      previewAgent: version.previewAgent,
      previewAsset: version.previewAsset,
      pagePages: version.pagePages,
    },
  };
}

/** The PATCH body of the whole working copy. */
export function patchOf(working: Working): PageVersionPatchInput {
  const { settings } = working;
  return {
    title: settings.title,
    custom: { glbMatIcon: settings.icon },
    periodSpec: settings.periodSpec,
    components: working.components,
    pagePages: settings.pagePages.map(({ publicId }) => ({ publicId })),
    previewAgent: settings.previewAgent ? { publicId: settings.previewAgent.publicId } : null,
    previewAsset: settings.previewAsset ? { publicId: settings.previewAsset.publicId } : null,
  };
}

const autosaveDelayMs = 1500;

/**
 * `/pages/:pageId/edit`: the page's draft on a grid. Opening a page without a draft creates one
 * (empty, or a copy of the published version); changes save by themselves shortly after they are
 * made; Publish and Discard end the draft, after which a new draft is opened the same way.
 */
export function PageBuilderPage() {
  const { t } = useTranslation();
  const { pageId = '' } = useParams();
  const { notify } = useNotify();
  const page = usePage(pageId);
  const pages = usePages();
  const agents = useAgents();
  const createDraft = useCreateDraft(pageId);
  const save = useSaveDraft(pageId);
  const publish = usePublishDraft(pageId);
  const discard = useDiscardDraft(pageId);
  const draft = page.data?.draftVersion ?? null;

  const [working, setWorking] = useState<Working | null>(null);
  const [loadedVersion, setLoadedVersion] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<PageComponent | 'new' | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [devicesOpen, setDevicesOpen] = useState(false);
  const setDevices = useSetPageDevices(pageId);
  const [discarding, setDiscarding] = useState(false);
  const [now] = useState(() => new Date());

  // A new draft (opened, or after publish or discard) replaces the working copy.
  if (draft && draft.publicId !== loadedVersion) {
    setLoadedVersion(draft.publicId);
    setWorking(workingOf(draft));
    setDirty(false);
  }

  // No draft: open one, once per page state (a failure waits for Retry).
  const asked = useRef<string | null>(null);
  const stateKey = page.data
    ? `${page.data.publishedVersion?.publicId ?? 'none'}:${page.dataUpdatedAt}`
    : null;
  useEffect(() => {
    if (
      !page.data ||
      page.data.draftVersion ||
      createDraft.isPending ||
      publish.isPending ||
      discard.isPending
    )
      return;
    if (asked.current === stateKey) return;
    asked.current = stateKey;
    createDraft.mutate();
  }, [page.data, stateKey, createDraft, publish.isPending, discard.isPending]);

  const change = (next: Working) => {
    setWorking(next);
    setDirty(true);
  };

  const saveNow = async (): Promise<boolean> => {
    if (!working || !draft) return false;
    try {
      await save.mutateAsync({ versionId: draft.publicId, changes: patchOf(working) });
      setDirty(false);
      return true;
    } catch (error) {
      notify(describeError(t, error), { durationMs: 4000 });
      return false;
    }
  };

  // Autosave a little after the last change.
  const saveRef = useRef(saveNow);
  useEffect(() => {
    saveRef.current = saveNow;
  });
  useEffect(() => {
    if (!dirty || save.isPending) return;
    const timer = setTimeout(() => void saveRef.current(), autosaveDelayMs);
    return () => clearTimeout(timer);
  }, [dirty, working, save.isPending]);

  const previewAgentId = working?.settings.previewAgent?.publicId ?? null;
  const tags = useAgentTags(previewAgentId);
  const device: ShownDevice | null = previewAgentId
    ? { kind: 'agent', publicId: previewAgentId }
    : working?.settings.previewAsset
      ? { kind: 'asset', publicId: working.settings.previewAsset.publicId }
      : null;
  const range = useMemo(() => queriedRange(working?.settings.periodSpec ?? 'today', now), [working, now]);

  const back = (
    <Link
      component={RouterLink}
      to={`/pages/${pageId}`}
      underline="hover"
      sx={{ display: 'inline-flex', gap: 0.5 }}
    >
      <ArrowBack fontSize="small" />
      {t('pages.builder.back')}
    </Link>
  );
  if (page.isError) {
    const missing = page.error instanceof ApiError && [400, 403, 404].includes(page.error.status);
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity={missing ? 'info' : 'error'}>
          {missing ? t('pages.viewer.notFound') : t('pages.loadFailed')}
        </Alert>
      </Stack>
    );
  }
  if (createDraft.isError && !draft)
    return (
      <Stack spacing={2}>
        {back}
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => createDraft.mutate()}>
              {t('pages.retry')}
            </Button>
          }
        >
          {t('pages.builder.draftFailed', { error: describeError(t, createDraft.error) })}
        </Alert>
      </Stack>
    );
  if (!page.data || !draft || !working)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6, gap: 1 }}>
        <LoadingIndicator label={t('pages.builder.creatingDraft')} />
        <Typography color="text.secondary">{t('pages.builder.creatingDraft')}</Typography>
      </Box>
    );

  const busy = publish.isPending || discard.isPending;
  const onPublish = async () => {
    if (dirty && !(await saveNow())) return;
    publish.mutate(draft.publicId, {
      onSuccess: () => notify(t('pages.builder.published')),
      onError: (error) => notify(describeError(t, error), { durationMs: 4000 }),
    });
  };
  const applyComponent = (fields: ComponentDraft) => {
    if (editing === 'new') {
      const component: PageComponent = {
        ...fields,
        id: newComponentId(working.components),
        ...placeNewComponent(working.components, fields.kind),
      };
      change({ ...working, components: [...working.components, component] });
    } else if (editing) {
      const { id, x, y, w, h } = editing;
      change({
        ...working,
        components: working.components.map((one) => (one.id === id ? { ...fields, id, x, y, w, h } : one)),
      });
    }
    setEditing(null);
  };

  return (
    <Stack spacing={2}>
      {back}
      <PageHeader
        title={t('pages.builder.title', { title: working.settings.title || pageTitle(page.data) })}
        subtitle={
          save.isPending
            ? t('pages.builder.saving')
            : dirty
              ? t('pages.builder.unsaved')
              : t('pages.builder.saved')
        }
      />
      {/* The toolbar under the title, wrapping on narrow screens (beside the title it would not). */}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button startIcon={<SettingsOutlined />} onClick={() => setSettingsOpen(true)} disabled={busy}>
          {t('pages.builder.settings')}
        </Button>
        <Button startIcon={<DevicesOutlined />} onClick={() => setDevicesOpen(true)} disabled={busy}>
          {t('pages.builder.devices')}
        </Button>
        <Button
          startIcon={<Add />}
          variant="outlined"
          onClick={() => setEditing('new')}
          disabled={busy || working.components.length >= pageLimits.componentsPerVersion}
        >
          {t('pages.builder.addComponent')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => void saveNow()}
          disabled={!dirty || busy}
          loading={save.isPending}
        >
          {t('pages.builder.save')}
        </Button>
        <Button color="error" onClick={() => setDiscarding(true)} disabled={busy}>
          {t('pages.builder.discard')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void onPublish()}
          loading={publish.isPending}
          disabled={busy}
        >
          {t('pages.builder.publish')}
        </Button>
      </Stack>
      {!previewAgentId && <Alert severity="info">{t('pages.builder.noPreviewDevice')}</Alert>}
      {working.components.length === 0 ? (
        <Typography color="text.secondary">{t('pages.builder.empty')}</Typography>
      ) : (
        <BuilderGrid
          components={working.components}
          device={device}
          range={range}
          onChange={(components) => change({ ...working, components })}
          onEdit={(component) => setEditing(component)}
          onRemove={(component) =>
            change({ ...working, components: working.components.filter((one) => one.id !== component.id) })
          }
        />
      )}
      {editing && (
        <ComponentDialog
          initial={editing === 'new' ? null : editing}
          tags={tags.data ?? []}
          onApply={applyComponent}
          onClose={() => setEditing(null)}
        />
      )}
      {settingsOpen && (
        <PageSettingsDialog
          initial={working.settings}
          agents={agents.data ?? []}
          pages={(pages.data ?? [])
            .filter((one) => one.publicId !== pageId)
            .map((one) => ({ publicId: one.publicId, title: pageTitle(one) }))}
          onApply={(settings) => {
            change({ ...working, settings });
            setSettingsOpen(false);
          }}
          onClose={() => setSettingsOpen(false)}
        />
      )}
      {devicesOpen && (
        <PageDevicesDialog
          initial={page.data.agents}
          agents={agents.data ?? []}
          busy={setDevices.isPending}
          onClose={() => setDevicesOpen(false)}
          onSave={(chosen) =>
            setDevices.mutate(chosen, {
              onSuccess: () => {
                notify(t('pages.devicesDialog.saved'));
                setDevicesOpen(false);
              },
              onError: (error) => notify(describeError(t, error), { durationMs: 4000 }),
            })
          }
        />
      )}
      {discarding && (
        <ConfirmActionDialog
          title={t('pages.builder.discardTitle')}
          body={t('pages.builder.discardBody')}
          confirmLabel={t('pages.builder.discard')}
          cancelLabel={t('pages.cancel')}
          busy={discard.isPending}
          focusCancel
          onClose={() => setDiscarding(false)}
          onConfirm={() =>
            discard.mutate(draft.publicId, {
              onSuccess: () => notify(t('pages.builder.discarded')),
              onError: (error) => notify(describeError(t, error), { durationMs: 4000 }),
              onSettled: () => {
                setDiscarding(false);
                setDirty(false);
              },
            })
          }
        />
      )}
    </Stack>
  );
}
