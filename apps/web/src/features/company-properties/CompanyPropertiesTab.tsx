import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { companyPropertyErrorMessages, type CompanyProperty, type CustomField } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { describeError, translateApiMessage } from '../../api/error-text.ts';
import { FullPageProgress } from '../../components/FullPageProgress.tsx';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { useNotify } from '../../components/notify.tsx';
import { useCurrentUser } from '../../auth/current-user.tsx';
import {
  initialPropertyValues,
  propertyError,
  propertyRows,
  propertySaveOf,
  rowKeyOfError,
  type PropertyFormValues,
  type PropertyRow,
} from './company-property-form.ts';
import {
  useCompanyFields,
  useCompanyProperties,
  useSaveCompanyProperties,
  type PropertySave,
} from './use-company-properties.ts';

/** `/identity?tab=properties`: the company's custom fields for companies and its settings, as one form. */
export function CompanyPropertiesTab({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const fields = useCompanyFields(companyId);
  const properties = useCompanyProperties(companyId);

  if (fields.isPending || properties.isPending) return <FullPageProgress />;
  if (fields.isError || properties.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              void fields.refetch();
              void properties.refetch();
            }}
          >
            {t('app.retry')}
          </Button>
        }
      >
        {t('companyProperties.loadFailed')}
      </Alert>
    );
  }
  // A new form whenever the stored values change (after a save, or someone else's).
  const version = JSON.stringify([fields.data, properties.data]);
  return <CompanyPropertiesForm key={version} fields={fields.data} properties={properties.data} />;
}

type FormProps = { fields: CustomField[]; properties: CompanyProperty[] };

const apiMessageKeys: Record<string, string> = {
  [companyPropertyErrorMessages.unknownKey]: 'companyProperties.apiErrors.unknownKey',
  [companyPropertyErrorMessages.keyInUse]: 'companyProperties.apiErrors.keyInUse',
};

function CompanyPropertiesForm({ fields, properties }: FormProps) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const user = useCurrentUser();
  const canManageFields = user.capabilities.includes('customFields.manage');
  const save = useSaveCompanyProperties();
  const rows = propertyRows(fields);
  const [initial] = useState(() => initialPropertyValues(rows, properties));
  const [values, setValues] = useState<PropertyFormValues>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>();

  const errors = Object.fromEntries(
    rows.map((row) => [row.key, propertyError(row, values[row.key] ?? '', t)]),
  );
  const valid = rows.every((row) => errors[row.key] === undefined);
  const dirty = rows.some((row) => values[row.key] !== initial[row.key]);
  const errorFor = (key: string) => serverErrors[key] ?? (touched.has(key) ? errors[key] : undefined);
  const message = (text: string) =>
    apiMessageKeys[text] ? t(apiMessageKeys[text] as never) : translateApiMessage(t, text);

  const handleChange = (key: string, text: string) => {
    setValues((current) => ({ ...current, [key]: text }));
    setTouched((current) => new Set(current).add(key));
    setServerErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(rows.map((row) => row.key)));
    if (!valid || save.isPending) return;
    const calls: PropertySave = propertySaveOf(rows, properties, values);
    setFormError(undefined);
    // Awaited rather than with per-call callbacks: a successful save reloads the values, which
    // mounts a new form, and callbacks of an unmounted observer are never called.
    void save.mutateAsync(calls).then(
      () => notify(t('companyProperties.saved'), { durationMs: 3000 }),
      (error: unknown) => {
        const step = (error as { step?: keyof PropertySave }).step ?? 'create';
        if (!(error instanceof ApiError) || error.status === 429) {
          setFormError(describeError(t, error));
          return;
        }
        const byKey: Record<string, string> = {};
        const rest: string[] = [];
        for (const item of error.errors) {
          const key = rowKeyOfError(calls, properties, step, item.listIndex);
          if (key) byKey[key] = message(item.message);
          else rest.push(message(item.message));
        }
        setServerErrors(byKey);
        setFormError(rest.join(' ') || undefined);
      },
    );
  };

  const settings = rows.filter((row) => row.kind === 'setting');
  const fieldRows = rows.filter((row) => row.kind === 'field');
  return (
    <Box component="form" noValidate onSubmit={handleSubmit}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('companyProperties.intro')}
        </Typography>
        <FormAlert message={formError} />
        <Card variant="outlined" component="section" aria-labelledby="company-settings-heading">
          <CardContent>
            <Stack spacing={2}>
              <Typography id="company-settings-heading" variant="subtitle1" component="h2">
                {t('companyProperties.settingsHeading')}
              </Typography>
              {settings.map((row) => (
                <PropertyInput
                  key={row.key}
                  row={row}
                  value={values[row.key] ?? ''}
                  error={errorFor(row.key)}
                  onChange={handleChange}
                />
              ))}
            </Stack>
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-labelledby="company-fields-heading">
          <CardContent>
            <Stack spacing={2}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography id="company-fields-heading" variant="subtitle1" component="h2" sx={{ flex: 1 }}>
                  {t('companyProperties.fieldsHeading')}
                </Typography>
                {canManageFields && (
                  <Button component={RouterLink} to="/custom-fields" size="small">
                    {t('companyProperties.addFields')}
                  </Button>
                )}
              </Box>
              {fieldRows.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('companyProperties.noFields')}
                </Typography>
              )}
              {fieldRows.map((row) => (
                <PropertyInput
                  key={row.key}
                  row={row}
                  value={values[row.key] ?? ''}
                  error={errorFor(row.key)}
                  onChange={handleChange}
                />
              ))}
            </Stack>
          </CardContent>
        </Card>
        <Box>
          <Button type="submit" variant="contained" disabled={!dirty} loading={save.isPending}>
            {t('companyProperties.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

type PropertyInputProps = {
  row: PropertyRow;
  value: string;
  error: string | undefined;
  onChange: (key: string, text: string) => void;
};

/** One property as its type asks: text, number, date, a yes/no or an options list, or an https address. */
function PropertyInput({ row, value, error, onChange }: PropertyInputProps) {
  const { t } = useTranslation();
  const common = {
    value,
    required: row.required,
    fullWidth: true,
    error: error !== undefined,
    onChange: (event: { target: { value: string } }) => onChange(row.key, event.target.value),
  };
  if (row.kind === 'setting') {
    return (
      <TextField
        {...common}
        label={t(`companyProperties.settings.${row.key}`)}
        type="url"
        placeholder="https://"
        helperText={error ?? t(`companyProperties.settingHints.${row.key}`)}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
      />
    );
  }
  const { field } = row;
  const helperText = error ?? field.key;
  if (field.type === 'boolean' || field.type === 'select') {
    const options =
      field.type === 'boolean'
        ? [
            { value: 'true', label: t('companyProperties.yes') },
            { value: 'false', label: t('companyProperties.no') },
          ]
        : field.options.map((option) => ({ value: option, label: option }));
    return (
      <TextField
        {...common}
        select
        label={field.name}
        helperText={helperText}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('companyProperties.notSet')}</MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      {...common}
      label={field.name}
      type={field.type === 'number' ? 'number' : field.type === 'date' ? 'date' : 'text'}
      helperText={helperText}
      multiline={field.type === 'text'}
      maxRows={field.type === 'text' ? 4 : undefined}
      slotProps={field.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
    />
  );
}
