import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { useNotify } from '../../components/notify.tsx';
import { useShellSearch } from '../../components/shell/use-shell-search.ts';
import { describeTypeError } from '../ordered-types/type-errors.ts';
import { useTypeName } from '../ordered-types/type-name.ts';
import { useOrderedTypes } from '../ordered-types/use-ordered-types.ts';
import { TypedEntitiesView } from './TypedEntitiesView.tsx';
import type {
  TypedEntity,
  TypedEntityDialogProps,
  TypedEntityKind,
  TypedEntityTableProps,
} from './typed-entity-kind.ts';
import { useRemoveTypedEntity, useSaveTypedEntity, useTypedEntities } from './use-typed-entities.ts';

type Dialog<E> = { name: 'add' } | { name: 'edit'; entity: E } | { name: 'delete'; entity: E };

type TypedEntitiesPageProps<E, Input> = {
  kind: TypedEntityKind;
  renderTable: (props: TypedEntityTableProps<E>) => ReactNode;
  renderDialog: (props: TypedEntityDialogProps<E, Input>) => ReactNode;
};

/**
 * The list page of groups or assets, all or of the type in the route's `publicId`: loads them,
 * and adds, edits and deletes them through the feature's own table and dialog.
 */
export function TypedEntitiesPage<E extends TypedEntity, Input>({
  kind,
  renderTable,
  renderDialog,
}: TypedEntitiesPageProps<E, Input>) {
  const { t } = useTranslation();
  const { publicId: typeId } = useParams();
  const search = useShellSearch();
  const typeName = useTypeName();
  const { notify } = useNotify();
  const types = useOrderedTypes(kind.typeKind);
  const list = useTypedEntities<E>(kind, typeId, search);
  const save = useSaveTypedEntity<E, Input>(kind);
  const remove = useRemoveTypedEntity(kind);
  const [dialog, setDialog] = useState<Dialog<E> | null>(null);

  const typeList = types.data ?? [];
  const type = typeId ? typeList.find((item) => item.publicId === typeId) : undefined;
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  const noTypes = types.isSuccess && typeList.length === 0;

  const handleClose = () => setDialog(null);
  const handleSave = (entity: E | undefined) => async (input: Input) => {
    await save.mutateAsync({ publicId: entity?.publicId, input });
    setDialog(null);
  };
  const handleDelete = (entity: E) => {
    remove.mutate(entity.publicId, {
      onSuccess: () => notify(t(`${kind.texts}.deleted`, { name: entity.name }), { durationMs: 3000 }),
      onError: (error) => notify(describeTypeError(t, error), { durationMs: 3000 }),
      onSettled: () => setDialog(null),
    });
  };

  const title = type ? typeName(type.name) : t(`${kind.texts}.title`);
  const edited = dialog?.name === 'edit' ? dialog.entity : undefined;

  return (
    <TypedEntitiesView
      kind={kind}
      title={title}
      subtitle={type ? t(`${kind.texts}.typeSubtitle`, { type: title }) : t(`${kind.texts}.subtitle`)}
      color={kind.showTypeColor ? type?.color : undefined}
      canAdd={types.isSuccess && !noTypes}
      noTypes={noTypes}
      unknownType={Boolean(typeId) && types.isSuccess && !type}
      list={list}
      rowCount={rows.length}
      emptyText={search ? t(`${kind.texts}.emptySearch`, { search }) : t(`${kind.texts}.empty`)}
      table={renderTable({
        rows,
        typeName,
        showType: !typeId,
        onEdit: (entity) => setDialog({ name: 'edit', entity }),
        onDelete: (entity) => setDialog({ name: 'delete', entity }),
      })}
      dialog={
        dialog?.name === 'delete' ? (
          <ConfirmDeleteDialog
            title={t(`${kind.texts}.deleteTitle`, { name: dialog.entity.name })}
            body={t(`${kind.texts}.types.deleteBody`)}
            confirmLabel={t(`${kind.texts}.types.delete`)}
            cancelLabel={t(`${kind.texts}.types.cancel`)}
            busy={remove.isPending}
            onConfirm={() => handleDelete(dialog.entity)}
            onClose={handleClose}
          />
        ) : (
          dialog &&
          renderDialog({
            entity: edited,
            types: typeList,
            typeName,
            defaultTypeId: type?.publicId,
            onSubmit: handleSave(edited),
            onClose: handleClose,
          })
        )
      }
      onAdd={() => setDialog({ name: 'add' })}
      onLoadMore={() => void list.fetchNextPage()}
    />
  );
}
