import { useState } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { FullPageProgress } from '../../components/FullPageProgress.tsx';
import { useNotify } from '../../components/notify.tsx';
import { useConfirmedDelete } from '../../components/use-confirmed-delete.ts';
import { useAudiences } from '../access-categories/use-audiences.ts';
import { MenuItemDialog } from './MenuItemDialog.tsx';
import { SortableMenuItemRow } from './SortableMenuItemRow.tsx';
import { sortMenuItems, useMenuItemLabel } from './menu-item-label.ts';
import { moveMenuItem } from './menu-item-order.ts';
import type { MenuItemBody } from './menu-item-form.ts';
import {
  useAllMenuItems,
  useChangeMenuItems,
  useCreateMenuItems,
  useDeleteMenuItem,
} from './use-menu-items.ts';

const noticeMs = 3000;
const vertical: Modifier = ({ transform }) => ({ ...transform, x: 0 });

type DialogState = { mode: 'add' } | { mode: 'edit'; item: MenuItem } | null;

/** The Menu links tab of `/identity`: every link of the company, added, edited, deleted and dragged into order. */
export function MenuLinksTab({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const labelOf = useMenuItemLabel();
  const items = useAllMenuItems(companyId);
  const audiences = useAudiences();
  const create = useCreateMenuItems();
  const change = useChangeMenuItems();
  const remove = useDeleteMenuItem();
  const [dialog, setDialog] = useState<DialogState>(null);
  // The order just dragged shows at once, until the list reloads with it.
  const [dragged, setDragged] = useState<MenuItem[] | null>(null);
  const deletion = useConfirmedDelete<MenuItem>(remove, t('menuItems.deleted'));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (items.isPending) return <FullPageProgress />;
  if (items.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void items.refetch()}>
            {t('app.retry')}
          </Button>
        }
      >
        {t('menuItems.loadFailed')}
      </Alert>
    );
  }
  const sorted = dragged ?? sortMenuItems(items.data);
  const nameOf = (id: string | number) => {
    const item = sorted.find((candidate) => candidate.publicId === id);
    return item ? labelOf(item) : '';
  };
  const positionOf = (id: string | number) => sorted.findIndex((item) => item.publicId === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('menuItems.dragStarted', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('menuItems.dragOver', { name: nameOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('menuItems.dragEnd', { name: nameOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragCancel: () => t('menuItems.dragCancel'),
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const { items: next, changes } = moveMenuItem(sorted, String(active.id), String(over.id));
    if (changes.length === 0) return;
    setDragged(next);
    change.mutate(changes, {
      onSuccess: () => notify(t('menuItems.reordered'), { durationMs: noticeMs }),
      onError: (error) => notify(describeError(t, error), { durationMs: noticeMs }),
      onSettled: () => setDragged(null),
    });
  };

  const handleSubmit = async (body: MenuItemBody) => {
    if (dialog?.mode === 'edit') {
      await change.mutateAsync([{ publicId: dialog.item.publicId, ...body }]);
      notify(t('menuItems.saved'), { durationMs: noticeMs });
    } else {
      await create.mutateAsync([body]);
      notify(t('menuItems.created'), { durationMs: noticeMs });
    }
    setDialog(null);
  };

  const deleting = deletion.deleting;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 320px' }}>
          {t('menuItems.intro')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ mode: 'add' })}>
          {t('menuItems.add')}
        </Button>
      </Box>
      <Card variant="outlined">
        {sorted.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {t('menuItems.empty')}
          </Typography>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            modifiers={[vertical]}
            onDragEnd={handleDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t('menuItems.dragInstructions') },
            }}
          >
            <SortableContext
              items={sorted.map((item) => item.publicId)}
              strategy={verticalListSortingStrategy}
            >
              <List aria-label={t('menuItems.tab')}>
                {sorted.map((item) => (
                  <SortableMenuItemRow
                    key={item.publicId}
                    item={item}
                    label={labelOf(item)}
                    onEdit={(target) => setDialog({ mode: 'edit', item: target })}
                    onDelete={deletion.ask}
                  />
                ))}
              </List>
            </SortableContext>
          </DndContext>
        )}
      </Card>
      {dialog && (
        <MenuItemDialog
          key={dialog.mode === 'edit' ? dialog.item.publicId : 'new'}
          item={dialog.mode === 'edit' ? dialog.item : undefined}
          audiences={audiences.data ?? []}
          onSubmit={handleSubmit}
          onClose={() => setDialog(null)}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title={t('menuItems.deleteDialog.title')}
          body={t('menuItems.deleteDialog.body', { name: labelOf(deleting) })}
          confirmLabel={t('menuItems.deleteDialog.confirm')}
          cancelLabel={t('menuItems.deleteDialog.cancel')}
          {...deletion.dialog}
        />
      )}
    </Stack>
  );
}
