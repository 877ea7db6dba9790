import { useMemo, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { reportScheduleFrequencies } from '@fleetgate/contracts';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { useDialogForm } from '../../components/form/use-dialog-form.ts';
import {
  defaultScheduleValues,
  localizeScheduleError,
  reportScheduleSchema,
  scheduleErrorFields,
  type ReportScheduleFormValues,
} from './report-schedule-form.ts';

type Option = { publicId: string; name: string };

const timeZones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/**
 * "Schedule report": a published report page of the device, how often (the previous day, week or
 * month), the time zone the periods are counted in, and the members it is e-mailed to.
 */
export function ReportScheduleDialog({
  pages,
  members,
  me,
  timeZone,
  membersHint,
  pagesError,
  onSubmit,
  onClose,
}: {
  pages: readonly { publicId: string; title: string }[];
  members: readonly Option[];
  me: string;
  timeZone: string;
  /** Said under the recipients when the company's members cannot be listed. */
  membersHint?: string | undefined;
  /** Why the device's pages could not be read. */
  pagesError?: string | undefined;
  onSubmit: (values: ReportScheduleFormValues) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => reportScheduleSchema(t), [t]);
  const sent = useRef<string[]>([]);
  // Some engines leave UTC (or the browser's own zone) out of their list.
  const zones = useMemo(() => [...new Set(['UTC', timeZone, ...timeZones])], [timeZone]);
  const { form, frame } = useDialogForm<ReportScheduleFormValues>({
    schema,
    defaultValues: defaultScheduleValues(timeZone, me),
    errorFields: scheduleErrorFields,
    localizeError: (error, tr) =>
      localizeScheduleError(error, tr, (index) => {
        const id = sent.current[index];
        return members.find((member) => member.publicId === id)?.name;
      }),
    onSubmit: async (values) => {
      sent.current = values.recipients;
      await onSubmit(values);
    },
  });
  const { control } = form;

  return (
    <FormDialog
      {...frame}
      titleId="report-schedule-title"
      title={t('reports.schedules.dialog.title')}
      cancelLabel={t('reports.queue.cancel')}
      submitLabel={t('reports.schedules.dialog.submit')}
      onClose={onClose}
    >
      {pagesError && <Alert severity="error">{pagesError}</Alert>}
      {!pagesError && pages.length === 0 && <Alert severity="info">{t('reports.queue.noPages')}</Alert>}
      <FormTextField
        control={control}
        name="report"
        select
        required
        label={t('reports.queue.page')}
        disabled={pages.length === 0}
      >
        {pages.map((page) => (
          <MenuItem key={page.publicId} value={page.publicId}>
            {page.title}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="frequency"
        select
        required
        label={t('reports.schedules.frequency')}
        helperText={t('reports.schedules.dialog.frequencyHint')}
      >
        {reportScheduleFrequencies.map((frequency) => (
          <MenuItem key={frequency} value={frequency}>
            {t(`reports.schedules.frequencies.${frequency}`)}
          </MenuItem>
        ))}
      </FormTextField>
      <Controller
        control={control}
        name="timeZone"
        render={({ field, fieldState }) => (
          <Autocomplete
            options={zones}
            value={field.value || null}
            onChange={(_event, value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                required
                label={t('reports.schedules.timeZone')}
                error={fieldState.invalid}
                helperText={fieldState.error?.message}
              />
            )}
          />
        )}
      />
      <Controller
        control={control}
        name="recipients"
        render={({ field, fieldState }) => (
          <Autocomplete
            multiple
            options={members}
            value={members.filter((member) => field.value.includes(member.publicId))}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, value) => option.publicId === value.publicId}
            onChange={(_event, value) => field.onChange(value.map((member) => member.publicId))}
            onBlur={field.onBlur}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={t('reports.schedules.recipients')}
                error={fieldState.invalid}
                helperText={
                  fieldState.error?.message ?? membersHint ?? t('reports.schedules.dialog.recipientsHint')
                }
              />
            )}
          />
        )}
      />
    </FormDialog>
  );
}
