import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { useNotify } from '../../components/notify.tsx';
import { ApiError } from '../../api/api-error.ts';
import { BlockedDeleteDialog } from './BlockedDeleteDialog.tsx';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { OrderedTypeDialog } from './OrderedTypeDialog.tsx';
import { SortableTypeList } from './SortableTypeList.tsx';
import { TypeItemMenu } from './TypeItemMenu.tsx';
import type { OrderedType, OrderedTypeKind } from './ordered-type-kind.ts';
import { describeTypeError } from './type-errors.ts';
import { useTypeName } from './type-name.ts';
import {
  isTypeInUse,
  useCreateOrderedType,
  useOrderedTypes,
  useRemoveOrderedType,
  useReorderOrderedTypes,
  useUpdateOrderedType,
  type OrderedTypeInput,
} from './use-ordered-types.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

/** Removal failures other than "in use" are a short snackbar (spec §8). */
const failureMs = 3000;

type Dialog =
  | { name: 'add' }
  | { name: 'edit'; type: OrderedType }
  | { name: 'delete'; type: OrderedType }
  | { name: 'blocked'; type: OrderedType };

/**
 * The types under their menu item (group types under Groups, asset types under Assets; the item
 * itself lists them all): links to the list of each type, and for users who manage them add,
 * edit, delete and drag to reorder.
 */
export function OrderedTypeDrawer({ kind }: { kind: OrderedTypeKind }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const typeName = useTypeName();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const types = useOrderedTypes(kind);
  const create = useCreateOrderedType(kind);
  const update = useUpdateOrderedType(kind);
  const reorder = useReorderOrderedTypes(kind);
  const remove = useRemoveOrderedType(kind);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [menu, setMenu] = useState<{ type: OrderedType; anchor: HTMLElement } | null>(null);
  // The type whose use is being looked up before anything is asked; the confirmed delete's wait.
  const [checking, setChecking] = useState<OrderedType | null>(null);

  const canManage = hasCapability(user, kind.manageCapability);
  const withColor = kind.colorCapability !== undefined && hasCapability(user, kind.colorCapability);
  const list = types.data ?? [];
  // The last remaining type cannot be deleted, so its delete option is not offered.
  const canDelete = canManage && list.length > 1;

  const handleClose = () => setDialog(null);
  const handleOpenMenu = (type: OrderedType, anchor: HTMLElement) => setMenu({ type, anchor });
  const handleCloseMenu = () => setMenu(null);
  const handleEdit = (type: OrderedType) => setDialog({ name: 'edit', type });

  /**
   * A type in use cannot be deleted, so that is said straight away instead of first asking to
   * confirm an irreversible delete that is then refused (spec §5: list its users filtered on it).
   */
  const handleAskDelete = async (type: OrderedType) => {
    if (checking) return;
    setChecking(type);
    try {
      const inUse = await isTypeInUse(kind, type.publicId);
      setDialog(inUse ? { name: 'blocked', type } : { name: 'delete', type });
    } catch (error) {
      notify(describeTypeError(t, error), { durationMs: failureMs });
    } finally {
      setChecking(null);
    }
  };

  const handleCreate = async (input: OrderedTypeInput) => {
    const created = await create.mutateAsync(input);
    setDialog(null);
    await navigate(kind.typePath(created.publicId));
  };

  const handleUpdate = (type: OrderedType) => async (input: OrderedTypeInput) => {
    await update.mutateAsync({ publicId: type.publicId, input });
    setDialog(null);
  };

  const handleReorder = (next: OrderedType[], changes: { publicId: string; order: number }[]) => {
    reorder.mutate(
      { types: next, changes },
      {
        onError: (error) =>
          notify(t(`${kind.texts}.reorderFailed`, { reason: describeTypeError(t, error) }), {
            durationMs: failureMs,
          }),
      },
    );
  };

  const handleConfirmDelete = async (type: OrderedType) => {
    try {
      await remove.mutateAsync(type);
      setDialog(null);
      notify(t(`${kind.texts}.deleted`, { name: typeName(type.name) }), { durationMs: failureMs });
      if (location.pathname === kind.typePath(type.publicId)) await navigate(kind.allPath, { replace: true });
    } catch (error) {
      // Something took the type into use since the check: the server refuses, and says why.
      if (error instanceof ApiError && error.hasMessage(kind.inUseMessage)) {
        setDialog({ name: 'blocked', type });
      } else {
        setDialog(null);
        notify(describeTypeError(t, error), { durationMs: failureMs });
      }
    }
  };

  const handleShowUsers = (type: OrderedType) => {
    setDialog(null);
    void navigate(kind.typePath(type.publicId));
  };

  return (
    <Box component="section" aria-labelledby={`${kind.rel}-drawer-title`}>
      <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 36, pl: 1.5 }}>
        <Typography
          id={`${kind.rel}-drawer-title`}
          variant="overline"
          color="text.secondary"
          component="h2"
          sx={{ flexGrow: 1 }}
        >
          {t(`${kind.texts}.title`)}
        </Typography>
        {canManage && (
          <Tooltip title={t(`${kind.texts}.add`)}>
            <IconButton
              size="small"
              aria-label={t(`${kind.texts}.add`)}
              onClick={() => setDialog({ name: 'add' })}
            >
              <Add fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {(types.isPending || checking) && (
        <LoadingBar
          label={
            checking ? t(`${kind.texts}.checkingUse`, { name: typeName(checking.name) }) : t('app.loading')
          }
          sx={{ mx: 1.5 }}
        />
      )}
      {types.isError && (
        <Typography variant="body2" color="error" sx={{ px: 1.5, py: 1 }}>
          {describeTypeError(t, types.error)}
        </Typography>
      )}
      <SortableTypeList
        kind={kind}
        types={list}
        labelOf={(type) => typeName(type.name)}
        canManage={canManage}
        hasMenu={canManage}
        onOpenMenu={handleOpenMenu}
        onReorder={handleReorder}
      />
      {types.isSuccess && list.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, py: 1 }}>
          {t(`${kind.texts}.empty`)}
        </Typography>
      )}
      <TypeItemMenu
        kind={kind}
        target={menu}
        canDelete={canDelete}
        onEdit={handleEdit}
        onDelete={(type) => void handleAskDelete(type)}
        onClose={handleCloseMenu}
      />
      {dialog?.name === 'add' && (
        <OrderedTypeDialog
          kind={kind}
          type={undefined}
          withColor={withColor}
          onSubmit={handleCreate}
          onClose={handleClose}
        />
      )}
      {dialog?.name === 'edit' && (
        <OrderedTypeDialog
          kind={kind}
          type={dialog.type}
          withColor={withColor}
          onSubmit={handleUpdate(dialog.type)}
          onClose={handleClose}
        />
      )}
      {dialog?.name === 'delete' && (
        <ConfirmDeleteDialog
          title={t(`${kind.texts}.deleteTitle`, { name: typeName(dialog.type.name) })}
          body={t(`${kind.texts}.deleteBody`)}
          confirmLabel={t(`${kind.texts}.delete`)}
          cancelLabel={t(`${kind.texts}.cancel`)}
          busy={remove.isPending}
          onConfirm={() => void handleConfirmDelete(dialog.type)}
          onClose={handleClose}
        />
      )}
      {dialog?.name === 'blocked' && (
        <BlockedDeleteDialog
          kind={kind}
          name={typeName(dialog.type.name)}
          onShowUsers={() => handleShowUsers(dialog.type)}
          onClose={handleClose}
        />
      )}
    </Box>
  );
}
