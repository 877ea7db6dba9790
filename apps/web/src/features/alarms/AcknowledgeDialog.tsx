import { useState } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alarmLimits, type Alarm } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../api/error-text.ts';
import { useNotify } from '../../components/notify.tsx';
import { AlarmDialogFrame } from './AlarmDialogFrame.tsx';
import { alarmValue } from './alarm-text.ts';
import { useAcknowledgeAlarm } from './use-alarms.ts';

/** Acknowledges one occurrence, with an optional comment saying what is being done. */
export function AcknowledgeDialog({ alarm, onClose }: { alarm: Alarm; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const acknowledge = useAcknowledgeAlarm();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = () => {
    setError(null);
    acknowledge.mutate(
      { publicId: alarm.publicId, comment },
      {
        onSuccess: () => {
          notify(t('alarms.acknowledged'), { durationMs: 3000 });
          onClose();
        },
        onError: (failure) => setError(describeError(t, failure)),
      },
    );
  };

  return (
    <AlarmDialogFrame
      titleId="alarm-ack-title"
      title={t('alarms.ackDialog.title')}
      submitLabel={t('alarms.ackDialog.confirm')}
      cancelLabel={t('alarms.ackDialog.cancel')}
      error={error}
      busy={acknowledge.isPending}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <Typography>
        {t('alarms.ackDialog.body', {
          name: alarm.condition.name,
          device: alarm.agent.name,
          value: alarmValue(alarm),
        })}
      </Typography>
      <TextField
        label={t('alarms.ackDialog.comment')}
        helperText={t('alarms.ackDialog.commentHint')}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        multiline
        minRows={2}
        autoFocus
        slotProps={{ htmlInput: { maxLength: alarmLimits.commentMaxLength } }}
      />
    </AlarmDialogFrame>
  );
}
