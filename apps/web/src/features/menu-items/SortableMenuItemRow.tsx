import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DragIndicator from '@mui/icons-material/DragIndicator';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@fleetgate/contracts';
import { menuItemIconComponents } from './menu-item-icons.ts';

type SortableMenuItemRowProps = {
  item: MenuItem;
  label: string;
  onEdit: (item: MenuItem) => void;
  onDelete: (item: MenuItem) => void;
};

/** One link on the Menu links tab: a drag handle, its icon, label, address and audience, edit and delete. */
export function SortableMenuItemRow({ item, label, onEdit, onDelete }: SortableMenuItemRowProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.publicId });
  const Icon = menuItemIconComponents[item.icon];
  const audience = item.audience?.name ?? t('menuItems.everyone');

  return (
    <ListItem
      ref={setNodeRef}
      data-menu-item-id={item.publicId}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        bgcolor: isDragging ? 'background.paper' : undefined,
        boxShadow: isDragging ? 3 : undefined,
        borderRadius: 1,
        gap: 1,
        pl: 0.5,
        pr: 1,
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        size="small"
        aria-label={t('menuItems.dragHandle', { name: label })}
        {...attributes}
        {...listeners}
        sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none', color: 'text.secondary' }}
      >
        <DragIndicator fontSize="small" />
      </IconButton>
      <ListItemIcon sx={{ minWidth: 32 }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={label}
        secondary={`${item.url} · ${audience}`}
        sx={{ minWidth: 0 }}
        slotProps={{
          primary: { noWrap: true, title: label },
          secondary: { noWrap: true, title: item.url, sx: { overflowWrap: 'anywhere' } },
        }}
      />
      <Box sx={{ display: 'flex', flexShrink: 0 }}>
        <IconButton aria-label={t('menuItems.edit', { name: label })} onClick={() => onEdit(item)}>
          <EditOutlined fontSize="small" />
        </IconButton>
        <IconButton aria-label={t('menuItems.delete', { name: label })} onClick={() => onDelete(item)}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Box>
    </ListItem>
  );
}
