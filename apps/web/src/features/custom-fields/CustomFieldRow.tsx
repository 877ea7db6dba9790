import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import type { CustomField } from '@fleetgate/contracts';

type CustomFieldRowProps = {
  field: CustomField;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onEdit: (field: CustomField) => void;
  onMove: (field: CustomField, direction: -1 | 1) => void;
  onDelete: (field: CustomField) => void;
};

export function CustomFieldRow({
  field,
  canMoveUp,
  canMoveDown,
  onEdit,
  onMove,
  onDelete,
}: CustomFieldRowProps) {
  const { t } = useTranslation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = `custom-field-menu-${field.publicId}`;

  const handleCloseMenu = () => setMenuAnchor(null);
  const handleMenuAction = (action: () => void) => () => {
    handleCloseMenu();
    action();
  };

  return (
    <ListItem
      divider
      sx={{ pr: 12, '&:last-of-type': { borderBottom: 0 } }}
      secondaryAction={
        <Stack direction="row" spacing={0.5}>
          <Tooltip title={t('customFields.edit')}>
            <IconButton aria-label={`${t('customFields.edit')} ${field.name}`} onClick={() => onEdit(field)}>
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <IconButton
            aria-label={t('customFields.actions', { name: field.name })}
            aria-controls={menuAnchor ? menuId : undefined}
            aria-haspopup="menu"
            aria-expanded={menuAnchor ? 'true' : undefined}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
            edge="end"
          >
            <MoreVert fontSize="small" />
          </IconButton>
          <Menu id={menuId} anchorEl={menuAnchor} open={menuAnchor !== null} onClose={handleCloseMenu}>
            <MenuItem disabled={!canMoveUp} onClick={handleMenuAction(() => onMove(field, -1))}>
              <ListItemIcon>
                <ArrowUpward fontSize="small" />
              </ListItemIcon>
              {t('customFields.moveUp')}
            </MenuItem>
            <MenuItem disabled={!canMoveDown} onClick={handleMenuAction(() => onMove(field, 1))}>
              <ListItemIcon>
                <ArrowDownward fontSize="small" />
              </ListItemIcon>
              {t('customFields.moveDown')}
            </MenuItem>
            <MenuItem onClick={handleMenuAction(() => onDelete(field))} sx={{ color: 'error.main' }}>
              <ListItemIcon sx={{ color: 'inherit' }}>
                <DeleteOutline fontSize="small" />
              </ListItemIcon>
              {t('customFields.delete')}
            </MenuItem>
          </Menu>
        </Stack>
      }
    >
      <ListItemText
        disableTypography
        primary={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{field.name}</Typography>
            <Chip size="small" variant="outlined" label={t(`customFields.types.${field.type}`)} />
            {field.required && (
              <Chip size="small" color="primary" variant="outlined" label={t('customFields.required')} />
            )}
          </Box>
        }
        secondary={
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
            <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.85em' }}>
              {field.key}
            </Box>
            {field.type === 'select' && (
              <Box component="span" title={field.options.join(', ')}>
                {' · '}
                {t('customFields.options', { count: field.options.length })}:{' '}
                {field.options.slice(0, 4).join(', ')}
                {field.options.length > 4 ? ', …' : ''}
              </Box>
            )}
          </Typography>
        }
      />
    </ListItem>
  );
}
