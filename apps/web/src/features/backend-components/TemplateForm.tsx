import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BackendComponentTemplate } from '@fleetgate/contracts';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { useNotify } from '../../components/notify.tsx';
import { isNotProvisioned, localizeBackendComponentError } from './backend-component-errors.ts';
import { CodeEditor } from './CodeEditor.tsx';
import {
  createInputOf,
  patchOf,
  templateFormSchema,
  templateFormValuesOf,
  type TemplateFormValues,
} from './template-form.ts';
import { useCreateTemplate, useUpdateTemplate } from './use-backend-components.ts';

const noticeMs = 3000;

/**
 * Name, description and code of a template: a new one starts from the example and is created on
 * save; a shared one (`own: false`) is shown read-only and without code, which its owner keeps.
 */
export function TemplateForm({ template }: { template: BackendComponentTemplate | null }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const readOnly = template !== null && !template.own;
  const defaults = useMemo(() => templateFormValuesOf(template), [template]);
  const schema = useMemo(() => templateFormSchema(t), [t]);
  const form = useForm<TemplateFormValues>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  // Read every flag on each render: the form state proxy only tracks what was read.
  const { control } = form;
  const { errors, isDirty, isValid, isSubmitting } = form.formState;

  const handleValid = async (values: TemplateFormValues) => {
    try {
      if (template) {
        await update.mutateAsync({ publicId: template.publicId, changes: patchOf(values, defaults) });
        form.reset(values);
        notify(t('backendComponents.editor.saved'), { durationMs: noticeMs });
      } else {
        const created = await create.mutateAsync(createInputOf(values));
        notify(t('backendComponents.editor.created'), { durationMs: noticeMs });
        void navigate(`/backend-components/${created.publicId}`, { replace: true });
      }
    } catch (error) {
      // The company lacks the app: nothing on the form is wrong, so it is said where notices go.
      if (isNotProvisioned(error)) {
        notify(t('backendComponents.errors.notProvisioned'), { durationMs: noticeMs });
        return;
      }
      applyApiErrors(localizeBackendComponentError(error, t), form.setError, t, {
        fields: ['name', 'description', 'code'],
        messageFields: {
          [t('backendComponents.errors.nameTaken')]: 'name',
          [t('backendComponents.errors.codeWithoutHandler')]: 'code',
        },
      });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(handleValid)}>
      <Stack spacing={2}>
        <FormAlert message={errors.root?.server?.message} />
        <FormTextField
          control={control}
          name="name"
          label={t('backendComponents.editor.name')}
          required
          disabled={readOnly}
          autoFocus={template === null}
        />
        <FormTextField
          control={control}
          name="description"
          label={t('backendComponents.editor.description')}
          multiline
          minRows={1}
          maxRows={4}
          disabled={readOnly}
        />
        {!readOnly && <CodeEditor control={control} />}
        {!readOnly && (
          <Box>
            <Button type="submit" variant="contained" disabled={!isDirty || !isValid} loading={isSubmitting}>
              {t(template ? 'backendComponents.editor.save' : 'backendComponents.editor.create')}
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
