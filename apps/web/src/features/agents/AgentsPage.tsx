import { useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import { useTranslation } from 'react-i18next';
import type { Agent, AgentEnrolmentToken, AgentServer } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListPageFrame } from '../../components/ListPageFrame.tsx';
import { useNotify } from '../../components/notify.tsx';
import { useShellSearch } from '../../components/shell/use-shell-search.ts';
import { useConfirmedDelete } from '../../components/use-confirmed-delete.ts';
import { AgentCard, type AgentCardActions } from './AgentCard.tsx';
import { AgentDialog } from './AgentDialog.tsx';
import { AgentServerDialog } from './AgentServerDialog.tsx';
import { EnrolmentDialog } from './EnrolmentDialog.tsx';
import {
  agentInputOf,
  agentServerInputOf,
  type AgentFormValues,
  type AgentServerFormValues,
} from './agent-form.ts';
import {
  useAgents,
  useCreateEnrolmentToken,
  useDeleteAgent,
  useDeleteAgentServer,
  useResetRateLimit,
  useSaveAgent,
  useSaveAgentServer,
} from './use-agents.ts';
import { useLicencesLiveUpdates } from '../licences/use-licences.ts';

type AgentDialogState = { agent?: Agent } | null;
type ServerDialogState = { agent: Agent; server?: AgentServer } | null;
type Enrolment = { agent: Agent; token: AgentEnrolmentToken } | null;

const noticeMs = 3000;
const failureMs = 5000;

function matches(agent: Agent, needle: string): boolean {
  return (
    agent.name.toLowerCase().includes(needle) ||
    agent.servers.some((s) => s.name.toLowerCase().includes(needle) || s.host.toLowerCase().includes(needle))
  );
}

/** `/agents`: the company's agents, their services, locks, enrolment and rate limit. */
export function AgentsPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const query = useShellSearch();
  const agents = useAgents();
  useLicencesLiveUpdates();
  const saveAgent = useSaveAgent();
  const deleteAgent = useDeleteAgent();
  const saveServer = useSaveAgentServer();
  const deleteServer = useDeleteAgentServer();
  const createToken = useCreateEnrolmentToken();
  const resetRateLimit = useResetRateLimit();
  const [agentDialog, setAgentDialog] = useState<AgentDialogState>(null);
  const [serverDialog, setServerDialog] = useState<ServerDialogState>(null);
  const [enrolment, setEnrolment] = useState<Enrolment>(null);
  const agentDeletion = useConfirmedDelete<Agent>(deleteAgent, t('agents.deleted'), failureMs);
  const serverDeletion = useConfirmedDelete<AgentServer>(
    deleteServer,
    t('agents.services.deleted'),
    failureMs,
  );

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const all = [...(agents.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    return needle === '' ? all : all.filter((agent) => matches(agent, needle));
  }, [agents.data, query]);

  const failed = (error: unknown) => notify(describeError(t, error), { durationMs: failureMs });

  const handleAgentSubmit = async (values: AgentFormValues) => {
    const publicId = agentDialog?.agent?.publicId;
    await saveAgent.mutateAsync({ publicId, input: agentInputOf(values) });
    notify(t(publicId ? 'agents.saved' : 'agents.created'), { durationMs: noticeMs });
    setAgentDialog(null);
  };

  const handleServerSubmit = async (values: AgentServerFormValues) => {
    if (!serverDialog) return;
    const publicId = serverDialog.server?.publicId;
    await saveServer.mutateAsync({
      agentId: serverDialog.agent.publicId,
      publicId,
      input: agentServerInputOf(values),
    });
    notify(t(publicId ? 'agents.services.saved' : 'agents.services.added'), { durationMs: noticeMs });
    setServerDialog(null);
  };

  const actions: AgentCardActions = {
    onEdit: (agent) => setAgentDialog({ agent }),
    onDelete: agentDeletion.ask,
    onEnrol: (agent) =>
      createToken.mutate(agent.publicId, {
        onSuccess: (token) => setEnrolment({ agent, token }),
        onError: failed,
      }),
    onResetRateLimit: (agent) =>
      resetRateLimit.mutate(agent.publicId, {
        onSuccess: () => notify(t('agents.rateLimit.resetDone'), { durationMs: noticeMs }),
        onError: failed,
      }),
    onAddServer: (agent) => setServerDialog({ agent }),
    onEditServer: (agent, server) => setServerDialog({ agent, server }),
    onDeleteServer: (_agent, server) => serverDeletion.ask(server),
  };

  return (
    <ListPageFrame
      title={t('agents.title')}
      subtitle={t('agents.subtitle')}
      addLabel={t('agents.add')}
      onAdd={() => setAgentDialog({})}
      list={agents}
      loadFailedText={t('agents.loadFailed')}
      retryLabel={t('agents.retry')}
      onRetry={() => void agents.refetch()}
    >
      {agents.isSuccess && shown.length === 0 && (
        <EmptyState
          icon={RouterOutlined}
          text={query === '' ? t('agents.empty') : t('agents.noMatches', { query })}
        />
      )}
      {shown.length > 0 && (
        <Stack spacing={2}>
          {shown.map((agent) => (
            <AgentCard
              key={agent.publicId}
              agent={agent}
              resetting={resetRateLimit.isPending && resetRateLimit.variables === agent.publicId}
              enrolling={createToken.isPending && createToken.variables === agent.publicId}
              {...actions}
            />
          ))}
        </Stack>
      )}
      {agentDialog && (
        <AgentDialog
          key={agentDialog.agent?.publicId ?? 'new'}
          agent={agentDialog.agent}
          onSubmit={handleAgentSubmit}
          onClose={() => setAgentDialog(null)}
        />
      )}
      {serverDialog && (
        <AgentServerDialog
          key={serverDialog.server?.publicId ?? 'new'}
          server={serverDialog.server}
          onSubmit={handleServerSubmit}
          onClose={() => setServerDialog(null)}
        />
      )}
      {enrolment && (
        <EnrolmentDialog
          agentName={enrolment.agent.name}
          enrolment={enrolment.token}
          onClose={() => setEnrolment(null)}
        />
      )}
      {agentDeletion.deleting && (
        <ConfirmDeleteDialog
          {...agentDeletion.dialog}
          title={t('agents.deleteDialog.title')}
          body={t('agents.deleteDialog.body', { name: agentDeletion.deleting.name })}
          confirmLabel={t('agents.deleteDialog.confirm')}
          cancelLabel={t('agents.deleteDialog.cancel')}
        />
      )}
      {serverDeletion.deleting && (
        <ConfirmDeleteDialog
          {...serverDeletion.dialog}
          title={t('agents.deleteServerDialog.title')}
          body={t('agents.deleteServerDialog.body', { name: serverDeletion.deleting.name })}
          confirmLabel={t('agents.deleteServerDialog.confirm')}
          cancelLabel={t('agents.deleteServerDialog.cancel')}
        />
      )}
    </ListPageFrame>
  );
}
