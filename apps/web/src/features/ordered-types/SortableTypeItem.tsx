import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import DragIndicator from '@mui/icons-material/DragIndicator';
import MoreVert from '@mui/icons-material/MoreVert';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { OrderedType, OrderedTypeKind } from './ordered-type-kind.ts';

type SortableTypeItemProps = {
  kind: OrderedTypeKind;
  type: OrderedType;
  label: string;
  /** Users who manage the types can drag them and open the item menu. */
  canManage: boolean;
  /** Whether the item menu has anything to offer. */
  hasMenu: boolean;
  onOpenMenu: (type: OrderedType, anchor: HTMLElement) => void;
};

/** One type in the drawer: a link to its list, a drag handle and a menu for those who manage types. */
export function SortableTypeItem({
  kind,
  type,
  label,
  canManage,
  hasMenu,
  onOpenMenu,
}: SortableTypeItemProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: type.publicId, disabled: !canManage });

  const handleMenu = (event: MouseEvent<HTMLElement>) => onOpenMenu(type, event.currentTarget);

  return (
    <ListItem
      ref={setNodeRef}
      disablePadding
      data-type-id={type.publicId}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        bgcolor: isDragging ? 'background.paper' : undefined,
        boxShadow: isDragging ? 3 : undefined,
        borderRadius: 1,
      }}
      secondaryAction={
        hasMenu ? (
          <IconButton
            edge="end"
            size="small"
            aria-label={t(`${kind.texts}.moreActions`, { name: label })}
            aria-haspopup="menu"
            onClick={handleMenu}
          >
            <MoreVert fontSize="small" />
          </IconButton>
        ) : undefined
      }
    >
      {canManage && (
        <IconButton
          ref={setActivatorNodeRef}
          size="small"
          aria-label={t(`${kind.texts}.dragHandle`, { name: label })}
          {...attributes}
          {...listeners}
          sx={{
            cursor: isDragging ? 'grabbing' : 'grab',
            touchAction: 'none',
            color: 'text.secondary',
            mr: 0.25,
          }}
        >
          <DragIndicator fontSize="small" />
        </IconButton>
      )}
      <ListItemButton
        component={NavLink}
        to={kind.typePath(type.publicId)}
        sx={{ py: 0.5, pl: canManage ? 0.75 : 1.5, pr: hasMenu ? 5 : 1.5, minWidth: 0 }}
      >
        {type.color && (
          <Box
            aria-hidden
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: type.color, flexShrink: 0, mr: 1.25 }}
          />
        )}
        <ListItemText
          primary={label}
          slotProps={{ primary: { noWrap: true, title: label, variant: 'body2' } }}
        />
      </ListItemButton>
    </ListItem>
  );
}
