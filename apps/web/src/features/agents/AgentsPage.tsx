import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import { useTranslation } from 'react-i18next';
import type { Agent, AgentEnrolmentToken, AgentServer } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { useNotify } from '../../components/notify.tsx';
import { useShellSearch } from '../../components/shell/use-shell-search.ts';
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

type AgentDialogState = { agent?: Agent } | null;
type ServerDialogState = { agent: Agent; server?: AgentServer } | null;
type Enrolment = { agent: Agent; token: AgentEnrolmentToken } | null;

const noticeMs = 3000;

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
  const saveAgent = useSaveAgent();
  const deleteAgent = useDeleteAgent();
  const saveServer = useSaveAgentServer();
  const deleteServer = useDeleteAgentServer();
  const createToken = useCreateEnrolmentToken();
  const resetRateLimit = useResetRateLimit();
  const [agentDialog, setAgentDialog] = useState<AgentDialogState>(null);
  const [serverDialog, setServerDialog] = useState<ServerDialogState>(null);
  const [enrolment, setEnrolment] = useState<Enrolment>(null);
  const [deletingAgent, setDeletingAgent] = useState<Agent | null>(null);
  const [deletingServer, setDeletingServer] = useState<AgentServer | null>(null);

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const all = [...(agents.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    return needle === '' ? all : all.filter((agent) => matches(agent, needle));
  }, [agents.data, query]);

  const failed = (error: unknown) => notify(describeError(t, error), { durationMs: 5000 });

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
    onDelete: setDeletingAgent,
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
    onDeleteServer: (_agent, server) => setDeletingServer(server),
  };

  const handleConfirmDeleteAgent = () => {
    if (!deletingAgent) return;
    deleteAgent.mutate(deletingAgent.publicId, {
      onSuccess: () => notify(t('agents.deleted'), { durationMs: noticeMs }),
      onError: failed,
      onSettled: () => setDeletingAgent(null),
    });
  };

  const handleConfirmDeleteServer = () => {
    if (!deletingServer) return;
    deleteServer.mutate(deletingServer.publicId, {
      onSuccess: () => notify(t('agents.services.deleted'), { durationMs: noticeMs }),
      onError: failed,
      onSettled: () => setDeletingServer(null),
    });
  };

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography variant="h4" component="h1">
            {t('agents.title')}
          </Typography>
          <Typography color="text.secondary">{t('agents.subtitle')}</Typography>
        </Box>
        <Button variant="contained" startIcon={<Add />} onClick={() => setAgentDialog({})}>
          {t('agents.add')}
        </Button>
      </Box>
      {agents.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
      )}
      {agents.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void agents.refetch()}>
              {t('agents.retry')}
            </Button>
          }
        >
          {t('agents.loadFailed')}
        </Alert>
      )}
      {agents.isSuccess && shown.length === 0 && (
        <Card>
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', p: { xs: 3, sm: 5 } }}>
            <RouterOutlined color="disabled" sx={{ fontSize: 48 }} />
            <Typography color="text.secondary">
              {query === '' ? t('agents.empty') : t('agents.noMatches', { query })}
            </Typography>
          </Stack>
        </Card>
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
      {deletingAgent && (
        <ConfirmDeleteDialog
          title={t('agents.deleteDialog.title')}
          body={t('agents.deleteDialog.body', { name: deletingAgent.name })}
          confirmLabel={t('agents.deleteDialog.confirm')}
          cancelLabel={t('agents.deleteDialog.cancel')}
          busy={deleteAgent.isPending}
          onConfirm={handleConfirmDeleteAgent}
          onClose={() => setDeletingAgent(null)}
        />
      )}
      {deletingServer && (
        <ConfirmDeleteDialog
          title={t('agents.deleteServerDialog.title')}
          body={t('agents.deleteServerDialog.body', { name: deletingServer.name })}
          confirmLabel={t('agents.deleteServerDialog.confirm')}
          cancelLabel={t('agents.deleteServerDialog.cancel')}
          busy={deleteServer.isPending}
          onConfirm={handleConfirmDeleteServer}
          onClose={() => setDeletingServer(null)}
        />
      )}
    </Stack>
  );
}
