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
import List from '@mui/material/List';
import { useTranslation } from 'react-i18next';
import { SortableTypeItem } from './SortableTypeItem.tsx';
import type { OrderedType, OrderedTypeKind } from './ordered-type-kind.ts';
import { moveType } from './reorder.ts';

// The list is a single column: items only move up and down.
const vertical: Modifier = ({ transform }) => ({ ...transform, x: 0 });
/**
 * The menu scrolls only while the pointer is at its very edge: the types sit in the lower part of
 * the menu, where the default edge zone (a fifth of its height) scrolled it under a short drag.
 */
const edgeScroll = { threshold: { x: 0, y: 0.05 } };

type SortableTypeListProps = {
  kind: OrderedTypeKind;
  types: OrderedType[];
  labelOf: (type: OrderedType) => string;
  canManage: boolean;
  hasMenu: boolean;
  onOpenMenu: (type: OrderedType, anchor: HTMLElement) => void;
  onReorder: (types: OrderedType[], changes: { publicId: string; order: number }[]) => void;
};

/** The types in their order; users who manage them drag (or move with the keyboard) to reorder. */
export function SortableTypeList({
  kind,
  types,
  labelOf,
  canManage,
  hasMenu,
  onOpenMenu,
  onReorder,
}: SortableTypeListProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    // A few pixels of movement before dragging starts keep clicks on the handle harmless.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const nameOf = (id: string | number) => {
    const type = types.find((item) => item.publicId === id);
    return type ? labelOf(type) : '';
  };
  const positionOf = (id: string | number) => types.findIndex((item) => item.publicId === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t(`${kind.texts}.dragStarted`, { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t(`${kind.texts}.dragOver`, { name: nameOf(active.id), position: positionOf(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t(`${kind.texts}.dragEnd`, { name: nameOf(active.id), position: positionOf(over.id) })
        : undefined,
    onDragCancel: () => t(`${kind.texts}.dragCancel`),
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const { types: next, changes } = moveType(types, String(active.id), String(over.id));
    if (changes.length > 0) onReorder(next, changes);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[vertical]}
      autoScroll={edgeScroll}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t(`${kind.texts}.dragInstructions`) },
      }}
    >
      <SortableContext
        items={types.map((type) => type.publicId)}
        strategy={verticalListSortingStrategy}
        disabled={!canManage}
      >
        <List dense disablePadding aria-label={t(`${kind.texts}.title`)}>
          {types.map((type) => (
            <SortableTypeItem
              key={type.publicId}
              kind={kind}
              type={type}
              label={labelOf(type)}
              canManage={canManage}
              hasMenu={hasMenu}
              onOpenMenu={onOpenMenu}
            />
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}
