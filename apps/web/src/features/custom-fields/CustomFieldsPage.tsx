import { useMemo, useState } from 'react';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { customFieldEntities, type CustomField, type CustomFieldEntity } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { useShellSearch } from '../../components/shell/use-shell-search.ts';
import { useNotify } from '../../components/notify.tsx';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { ListPageFrame } from '../../components/ListPageFrame.tsx';
import { useConfirmedDelete } from '../../components/use-confirmed-delete.ts';
import { CustomFieldDialog } from './CustomFieldDialog.tsx';
import { CustomFieldGroups, type CustomFieldGroup } from './CustomFieldGroups.tsx';
import { createInputOf, patchOf, type CustomFieldFormValues } from './custom-field-form.ts';
import { byOrder, moveChanges } from './custom-field-order.ts';
import {
  useCreateCustomField,
  useCustomFields,
  useDeleteCustomField,
  useReorderCustomFields,
  useUpdateCustomField,
} from './use-custom-fields.ts';

type DialogState = { mode: 'add'; entity: CustomFieldEntity } | { mode: 'edit'; field: CustomField } | null;

const noticeMs = 3000;

function groupFields(fields: CustomField[], query: string): CustomFieldGroup[] {
  const needle = query.toLowerCase();
  const matches = (f: CustomField) =>
    needle === '' || f.name.toLowerCase().includes(needle) || f.key.toLowerCase().includes(needle);
  const groups = customFieldEntities.map((entity) => ({
    entity,
    fields: fields.filter((f) => f.entity === entity && matches(f)).sort(byOrder),
  }));
  return needle === '' ? groups : groups.filter((group) => group.fields.length > 0);
}

/** `/custom-fields`: the company's extra properties, grouped by the entity they belong to. */
export function CustomFieldsPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const query = useShellSearch();
  const fields = useCustomFields();
  const createField = useCreateCustomField();
  const updateField = useUpdateCustomField();
  const reorderFields = useReorderCustomFields();
  const deleteField = useDeleteCustomField();
  const [dialog, setDialog] = useState<DialogState>(null);
  const deletion = useConfirmedDelete<CustomField>(deleteField, t('customFields.deleted'));

  const groups = useMemo(() => groupFields(fields.data ?? [], query), [fields.data, query]);

  const handleSubmit = async (values: CustomFieldFormValues) => {
    if (dialog?.mode === 'edit') {
      await updateField.mutateAsync({ publicId: dialog.field.publicId, changes: patchOf(values) });
      notify(t('customFields.saved'), { durationMs: noticeMs });
    } else {
      await createField.mutateAsync(createInputOf(values));
      notify(t('customFields.created'), { durationMs: noticeMs });
    }
    setDialog(null);
  };

  const handleMove = (field: CustomField, direction: -1 | 1) => {
    const siblings = (fields.data ?? []).filter((f) => f.entity === field.entity).sort(byOrder);
    const changes = moveChanges(siblings, field, direction);
    if (changes.length === 0) return;
    reorderFields.mutate(changes, {
      onError: (error) => notify(describeError(t, error), { durationMs: noticeMs }),
    });
  };

  return (
    <ListPageFrame
      title={t('customFields.title')}
      subtitle={t('customFields.subtitle')}
      addLabel={t('customFields.add')}
      onAdd={() => setDialog({ mode: 'add', entity: 'asset' })}
      list={fields}
      loadFailedText={t('customFields.loadFailed')}
      retryLabel={t('customFields.retry')}
      onRetry={() => void fields.refetch()}
    >
      {fields.isSuccess && groups.length === 0 && (
        <Card>
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {t('customFields.noMatches', { query })}
          </Typography>
        </Card>
      )}
      {fields.isSuccess && (
        <CustomFieldGroups
          groups={groups}
          searching={query !== ''}
          onAdd={(entity) => setDialog({ mode: 'add', entity })}
          onEdit={(field) => setDialog({ mode: 'edit', field })}
          onMove={handleMove}
          onDelete={deletion.ask}
        />
      )}
      {dialog && (
        <CustomFieldDialog
          key={dialog.mode === 'edit' ? dialog.field.publicId : `new-${dialog.entity}`}
          field={dialog.mode === 'edit' ? dialog.field : undefined}
          defaultEntity={dialog.mode === 'add' ? dialog.entity : dialog.field.entity}
          onSubmit={handleSubmit}
          onClose={() => setDialog(null)}
        />
      )}
      {deletion.deleting && (
        <ConfirmDeleteDialog
          {...deletion.dialog}
          title={t('customFields.deleteDialog.title')}
          body={t('customFields.deleteDialog.body', {
            name: deletion.deleting.name,
            entities: t(`customFields.entities.${deletion.deleting.entity}`),
          })}
          confirmLabel={t('customFields.deleteDialog.confirm')}
          cancelLabel={t('customFields.deleteDialog.cancel')}
        />
      )}
    </ListPageFrame>
  );
}
