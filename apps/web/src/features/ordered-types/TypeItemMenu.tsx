import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Edit from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { OrderedType, OrderedTypeKind } from './ordered-type-kind.ts';

type TypeItemMenuProps = {
  kind: OrderedTypeKind;
  target: { type: OrderedType; anchor: HTMLElement } | null;
  /** False while only one type is left: the last one cannot be deleted. */
  canDelete: boolean;
  onEdit: (type: OrderedType) => void;
  onDelete: (type: OrderedType) => void;
  onClose: () => void;
};

export function TypeItemMenu({ kind, target, canDelete, onEdit, onDelete, onClose }: TypeItemMenuProps) {
  const { t } = useTranslation();
  const choose = (action: (type: OrderedType) => void) => () => {
    if (target) action(target.type);
    onClose();
  };
  return (
    <Menu anchorEl={target?.anchor} open={target !== null} onClose={onClose}>
      <MenuItem onClick={choose(onEdit)}>
        <ListItemIcon>
          <Edit fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t(`${kind.texts}.edit`)}</ListItemText>
      </MenuItem>
      {canDelete && (
        <MenuItem onClick={choose(onDelete)}>
          <ListItemIcon>
            <DeleteOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t(`${kind.texts}.delete`)}</ListItemText>
        </MenuItem>
      )}
    </Menu>
  );
}
