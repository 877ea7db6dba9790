import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AgentServer, DataSource, Tag } from '@fleetgate/contracts';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { useNotify } from '../../components/notify.tsx';
import { useAppInstalled } from '../apps/use-installed-apps.ts';
import { DataSourceDialog } from './DataSourceDialog.tsx';
import { DataSourceList } from './DataSourceList.tsx';
import { LoggingStateLine } from './LoggingStateLine.tsx';
import { TagDialog } from './TagDialog.tsx';
import { TagTable } from './TagTable.tsx';
import {
  dataSourceCreateInputOf,
  dataSourcePatchInputOf,
  isSimulatorSource,
  missingSimulatorTags,
  tagInputOf,
} from './data-logging-form.ts';
import { describeDataLoggingError } from './data-logging-errors.ts';
import {
  useBrokerOptions,
  useCreateTags,
  useDataLoggingLiveUpdates,
  useDataSources,
  useDeleteDataSource,
  useDeleteTag,
  useLastSampleLiveUpdates,
  useSaveDataSource,
  useSaveTag,
  useTags,
  type AgentWithLogging,
} from './use-data-logging.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

type AgentDataLoggingSectionProps = { agent: AgentWithLogging & { servers: AgentServer[] } };

/**
 * An agent's data logging in the console: whether it logs, its data sources and its tags with
 * their newest values. Shown only while the company has the Data logging app; changes need
 * `dataLogging.manage`.
 */
export function AgentDataLoggingSection({ agent }: AgentDataLoggingSectionProps) {
  const installed = useAppInstalled('dataLogging');
  if (!installed) return null;
  return <AgentDataLogging agent={agent} />;
}

type Editing<T> = { item: T | undefined } | null;

function AgentDataLogging({ agent }: AgentDataLoggingSectionProps) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const user = useCurrentUser();
  const manages = hasCapability(user, 'dataLogging.manage');
  const mayListBrokers = hasCapability(user, 'mqttBrokers.manage');
  const agentId = agent.publicId;
  const sources = useDataSources(agentId);
  const tags = useTags(agentId);
  const brokers = useBrokerOptions(mayListBrokers);
  useDataLoggingLiveUpdates(agentId);
  useLastSampleLiveUpdates();
  const saveSource = useSaveDataSource(agentId);
  const deleteSource = useDeleteDataSource(agentId);
  const saveTag = useSaveTag(agentId);
  const deleteTag = useDeleteTag(agentId);
  const createTags = useCreateTags(agentId);
  const [editingSource, setEditingSource] = useState<Editing<DataSource>>(null);
  const [editingTag, setEditingTag] = useState<Editing<Tag>>(null);
  const [deletingSource, setDeletingSource] = useState<DataSource | null>(null);
  const [deletingTag, setDeletingTag] = useState<Tag | null>(null);
  const [addingSimulatorTo, setAddingSimulatorTo] = useState<string | undefined>(undefined);

  const sourceList = useMemo(() => sources.data ?? [], [sources.data]);
  const tagList = useMemo(() => tags.data ?? [], [tags.data]);
  const simulatorMissing = useMemo(
    () =>
      new Map(
        sourceList
          .filter(isSimulatorSource)
          .map((source) => [source.publicId, missingSimulatorTags(source, tagList).length] as const),
      ),
    [sourceList, tagList],
  );
  const headingId = `agent-data-logging-${agentId}`;

  const handleAddSimulatorTags = (source: DataSource) => {
    const inputs = missingSimulatorTags(source, tagList);
    setAddingSimulatorTo(source.publicId);
    createTags.mutate(inputs, {
      onSuccess: (created) => notify(t('dataLogging.sources.simulatorTagsAdded', { count: created.length })),
      onError: (error) => notify(describeDataLoggingError(t, error), { durationMs: 6000 }),
      onSettled: () => setAddingSimulatorTo(undefined),
    });
  };

  const handleDeleteSource = (source: DataSource) =>
    deleteSource.mutate(source.publicId, {
      onSuccess: () => notify(t('dataLogging.sources.deleted', { name: source.name })),
      onError: (error) => notify(describeDataLoggingError(t, error), { durationMs: 6000 }),
      onSettled: () => setDeletingSource(null),
    });

  const handleDeleteTag = (tag: Tag) =>
    deleteTag.mutate(tag.publicId, {
      onSuccess: () => notify(t('dataLogging.tags.deleted', { name: tag.name })),
      onError: (error) => notify(describeDataLoggingError(t, error), { durationMs: 6000 }),
      onSettled: () => setDeletingTag(null),
    });

  const loading = sources.isPending || tags.isPending;
  const failed = sources.isError || tags.isError;

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('dataLogging.section')}
      </Typography>
      <Stack spacing={1.5}>
        <LoggingStateLine agent={agent} />
        {loading ? (
          <LoadingIndicator size={24} label={t('dataLogging.loading')} />
        ) : failed ? (
          <Alert
            severity="error"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  void sources.refetch();
                  void tags.refetch();
                }}
              >
                {t('dataLogging.retry')}
              </Button>
            }
          >
            {t('dataLogging.loadFailed')}
          </Alert>
        ) : (
          <>
            <DataSourceList
              agentName={agent.name}
              sources={sourceList}
              manages={manages}
              simulatorMissing={simulatorMissing}
              addingSimulatorTo={addingSimulatorTo}
              onAdd={() => setEditingSource({ item: undefined })}
              onEdit={(source) => setEditingSource({ item: source })}
              onDelete={setDeletingSource}
              onAddSimulatorTags={handleAddSimulatorTags}
            />
            <TagTable
              agentId={agentId}
              agentName={agent.name}
              tags={tagList}
              manages={manages}
              canAdd={sourceList.length > 0}
              onAdd={() => setEditingTag({ item: undefined })}
              onEdit={(tag) => setEditingTag({ item: tag })}
              onDelete={setDeletingTag}
            />
          </>
        )}
      </Stack>
      {editingSource && (
        <DataSourceDialog
          source={editingSource.item}
          servers={agent.servers}
          brokers={mayListBrokers && brokers.isSuccess ? brokers.data : undefined}
          onClose={() => setEditingSource(null)}
          onSubmit={async (values) => {
            const source = editingSource.item;
            await saveSource.mutateAsync(
              source
                ? { publicId: source.publicId, input: dataSourcePatchInputOf(values) }
                : { input: dataSourceCreateInputOf(values) },
            );
            notify(
              t(source ? 'dataLogging.sources.saved' : 'dataLogging.sources.created', {
                name: values.name.trim(),
              }),
            );
            setEditingSource(null);
          }}
        />
      )}
      {editingTag && (
        <TagDialog
          tag={editingTag.item}
          sources={sourceList}
          onClose={() => setEditingTag(null)}
          onSubmit={async (values) => {
            const tag = editingTag.item;
            const input = tagInputOf(values);
            await saveTag.mutateAsync(tag ? { publicId: tag.publicId, input } : { input });
            notify(t(tag ? 'dataLogging.tags.saved' : 'dataLogging.tags.created', { name: input.name }));
            setEditingTag(null);
          }}
        />
      )}
      {deletingSource && (
        <ConfirmDeleteDialog
          title={t('dataLogging.sources.deleteTitle', { name: deletingSource.name })}
          body={t('dataLogging.sources.deleteBody', { name: deletingSource.name })}
          confirmLabel={t('dataLogging.delete')}
          cancelLabel={t('dataLogging.cancel')}
          busy={deleteSource.isPending}
          onConfirm={() => handleDeleteSource(deletingSource)}
          onClose={() => setDeletingSource(null)}
        />
      )}
      {deletingTag && (
        <ConfirmDeleteDialog
          title={t('dataLogging.tags.deleteTitle', { name: deletingTag.name })}
          body={t('dataLogging.tags.deleteBody', { name: deletingTag.name })}
          confirmLabel={t('dataLogging.delete')}
          cancelLabel={t('dataLogging.cancel')}
          busy={deleteTag.isPending}
          onConfirm={() => handleDeleteTag(deletingTag)}
          onClose={() => setDeletingTag(null)}
        />
      )}
    </Box>
  );
}
