import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import type { ConfigFormValues } from './config-form.ts';

/** The configuration's plain values, one name and value per row. */
export function ConfigValuesField({ control }: { control: Control<ConfigFormValues> }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'values' });
  const rows = useWatch({ control, name: 'values' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('backendComponents.config.values')}
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('backendComponents.config.noValues')}
        </Typography>
      )}
      {fields.map((row, index) => (
        <Box
          key={row.id}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr auto', sm: '1fr 2fr auto' },
            gap: 1,
            mb: 1.5,
          }}
        >
          <FormTextField
            control={control}
            name={`values.${index}.key`}
            label={t('backendComponents.config.key')}
            size="small"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
          />
          <Box sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>
            <FormTextField
              control={control}
              name={`values.${index}.value`}
              label={t('backendComponents.config.value')}
              size="small"
              fullWidth
            />
          </Box>
          <IconButton
            aria-label={t('backendComponents.config.removeValue', { name: rows[index]?.key ?? '' })}
            onClick={() => remove(index)}
            sx={{ alignSelf: 'start' }}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button startIcon={<Add />} onClick={() => append({ key: '', value: '' })}>
        {t('backendComponents.config.addValue')}
      </Button>
    </Box>
  );
}
