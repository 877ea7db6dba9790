import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { AlarmCondition } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../api/error-text.ts';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { useNotify } from '../../components/notify.tsx';
import { useAppInstalled } from '../apps/use-installed-apps.ts';
import { SeverityChip } from './AlarmChips.tsx';
import { AlarmConditionDialog } from './AlarmConditionDialog.tsx';
import { useAlarmConditions, useAlarmsLiveUpdates, useDeleteAlarmCondition } from './use-alarms.ts';

type Agent = { publicId: string; name: string };

/**
 * The alarm conditions of an agent on the agents console: the list, add and edit in a dialog,
 * delete after confirmation. Shown while the company has alarming installed.
 */
export function AlarmConditionsSection({ agent }: { agent: Agent }) {
  const installed = useAppInstalled('alarming');
  if (!installed) return null;
  return <AlarmConditions agent={agent} />;
}

function AlarmConditions({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const user = useCurrentUser();
  const conditions = useAlarmConditions(agent.publicId);
  const remove = useDeleteAlarmCondition();
  const [editing, setEditing] = useState<AlarmCondition | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AlarmCondition | null>(null);
  useAlarmsLiveUpdates();
  const canManage = hasCapability(user, 'dataLogging.manage');
  const headingId = `alarm-conditions-${agent.publicId}`;

  const summary = (c: AlarmCondition) =>
    [
      t(`alarms.conditions.summary.${c.kind}`, {
        tag: c.tag.name,
        threshold: c.tag.unit ? `${c.threshold} ${c.tag.unit}` : String(c.threshold),
      }),
      c.kind !== 'changed' && c.delaySeconds > 0
        ? t('alarms.conditions.delay', { seconds: c.delaySeconds })
        : '',
    ]
      .filter(Boolean)
      .join(' ');

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.publicId, {
      onSuccess: () => {
        notify(t('alarms.conditions.deleted'), { durationMs: 3000 });
        setDeleting(null);
      },
      onError: (error) => {
        notify(describeError(t, error));
        setDeleting(null);
      },
    });
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={headingId} variant="subtitle2" component="h3">
          {t('alarms.conditions.title')}
        </Typography>
        {canManage && (
          <Button
            size="small"
            startIcon={<AddOutlined />}
            onClick={() => setEditing('new')}
            aria-label={t('alarms.conditions.addLabel', { name: agent.name })}
          >
            {t('alarms.conditions.add')}
          </Button>
        )}
      </Stack>
      {conditions.isSuccess && conditions.data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('alarms.conditions.none')}
        </Typography>
      )}
      {conditions.isSuccess && conditions.data.length > 0 && (
        <List dense disablePadding>
          {conditions.data.map((condition) => (
            <ListItem
              key={condition.publicId}
              disableGutters
              secondaryAction={
                canManage && (
                  <>
                    <Tooltip title={t('alarms.conditions.edit', { name: condition.name })}>
                      <IconButton
                        size="small"
                        onClick={() => setEditing(condition)}
                        aria-label={t('alarms.conditions.edit', { name: condition.name })}
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('alarms.conditions.delete', { name: condition.name })}>
                      <IconButton
                        size="small"
                        onClick={() => setDeleting(condition)}
                        aria-label={t('alarms.conditions.delete', { name: condition.name })}
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                )
              }
            >
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{condition.name}</span>
                    <SeverityChip severity={condition.severity} />
                    {!condition.enabled && <Chip size="small" label={t('alarms.conditions.disabled')} />}
                  </Stack>
                }
                secondary={summary(condition)}
              />
            </ListItem>
          ))}
        </List>
      )}
      {editing && (
        <AlarmConditionDialog
          agent={agent}
          condition={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title={t('alarms.conditions.confirmDelete.title')}
          body={t('alarms.conditions.confirmDelete.body', { name: deleting.name })}
          confirmLabel={t('alarms.conditions.confirmDelete.confirm')}
          cancelLabel={t('alarms.conditions.confirmDelete.cancel')}
          busy={remove.isPending}
          onConfirm={handleDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
