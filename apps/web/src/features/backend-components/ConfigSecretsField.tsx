import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import type { ConfigFormValues, SecretAction } from './config-form.ts';

type SecretsFieldProps = {
  control: Control<ConfigFormValues>;
  onAction: (index: number, action: SecretAction) => void;
};

/**
 * Write-only secrets: a stored one shows its name only, with Replace and Remove; a new one takes
 * its value once, in a password field, and the value is never read back.
 */
export function ConfigSecretsField({ control, onAction }: SecretsFieldProps) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'secrets' });
  const rows = useWatch({ control, name: 'secrets' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2">
        {t('backendComponents.config.secrets')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('backendComponents.config.secretsHint')}
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('backendComponents.config.noSecrets')}
        </Typography>
      )}
      {fields.map((field, index) => {
        const row = rows[index] ?? field;
        const name = row.name;
        return row.stored ? (
          <Box
            key={field.id}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}
            data-secret={name}
          >
            <LockOutlined fontSize="small" color="action" aria-hidden />
            <Typography
              sx={{
                fontFamily: 'monospace',
                textDecoration: row.action === 'remove' ? 'line-through' : 'none',
              }}
            >
              {name}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              label={
                row.action === 'remove'
                  ? t('backendComponents.config.secretRemoved')
                  : t('backendComponents.config.secretSet')
              }
            />
            <Box sx={{ flexGrow: 1 }} />
            {row.action === 'replace' && (
              <FormTextField
                control={control}
                name={`secrets.${index}.value`}
                label={t('backendComponents.config.newSecretValue', { name })}
                type="password"
                autoComplete="new-password"
                size="small"
                sx={{ flex: '1 1 220px' }}
              />
            )}
            {row.action === 'keep' ? (
              <>
                <Button
                  size="small"
                  onClick={() => onAction(index, 'replace')}
                  aria-label={t('backendComponents.config.replace', { name })}
                >
                  {t('backendComponents.config.actions.replace')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => onAction(index, 'remove')}
                  aria-label={t('backendComponents.config.remove', { name })}
                >
                  {t('backendComponents.config.actions.remove')}
                </Button>
              </>
            ) : (
              <Button
                size="small"
                onClick={() => onAction(index, 'keep')}
                aria-label={t('backendComponents.config.keep', { name })}
              >
                {t('backendComponents.config.actions.keep')}
              </Button>
            )}
          </Box>
        ) : (
          <Box
            key={field.id}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr auto', sm: '1fr 2fr auto' },
              gap: 1,
              mb: 1.5,
            }}
          >
            <FormTextField
              control={control}
              name={`secrets.${index}.name`}
              label={t('backendComponents.config.secretName')}
              size="small"
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
            />
            <Box sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>
              <FormTextField
                control={control}
                name={`secrets.${index}.value`}
                label={t('backendComponents.config.secretValue')}
                type="password"
                autoComplete="new-password"
                size="small"
                fullWidth
              />
            </Box>
            <IconButton
              aria-label={t('backendComponents.config.remove', { name })}
              onClick={() => remove(index)}
              sx={{ alignSelf: 'start' }}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Box>
        );
      })}
      <Button
        startIcon={<Add />}
        onClick={() => append({ name: '', stored: false, action: 'set', value: '' })}
      >
        {t('backendComponents.config.addSecret')}
      </Button>
    </Box>
  );
}
