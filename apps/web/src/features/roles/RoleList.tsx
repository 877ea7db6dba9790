import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import type { Role } from '@fleetgate/contracts';
import { IconAction } from '../users/IconAction.tsx';
import { capabilityText } from './capability-text.ts';

type RoleListProps = {
  roles: Role[];
  busyPublicIds: ReadonlySet<string>;
  onEdit: (role: Role) => void;
  onDelete: (role: Role) => void;
};

const previewCount = 4;

export function RoleList({ roles, busyPublicIds, onEdit, onDelete }: RoleListProps) {
  const { t } = useTranslation();
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('roles.title')}>
      {roles.map((role) => {
        const rest = role.capabilities.length - previewCount;
        return (
          <Box
            component="li"
            key={role.publicId}
            aria-label={role.name}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              px: { xs: 2, sm: 3 },
              py: 2,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0 },
            }}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {role.name}
                {role.builtIn && (
                  <Chip
                    label={t('roles.builtIn')}
                    size="small"
                    color="primary"
                    variant="outlined"
                    sx={{ ml: 1 }}
                  />
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {role.builtIn
                  ? t('roles.allRights')
                  : t('roles.rightsCount', { count: role.capabilities.length })}
              </Typography>
              {!role.builtIn && role.capabilities.length > 0 && (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
                  {role.capabilities.slice(0, previewCount).map((capability) => (
                    <Chip key={capability} label={capabilityText(t, capability)} size="small" />
                  ))}
                  {rest > 0 && <Chip label={`+${rest}`} size="small" variant="outlined" />}
                </Box>
              )}
            </Box>
            <Box sx={{ display: 'flex', flexShrink: 0 }}>
              <IconAction
                label={
                  role.builtIn ? t('roles.view', { name: role.name }) : t('roles.edit', { name: role.name })
                }
                onClick={() => onEdit(role)}
              >
                {role.builtIn ? <VisibilityOutlined /> : <EditOutlined />}
              </IconAction>
              {!role.builtIn && (
                <IconAction
                  label={t('roles.delete', { name: role.name })}
                  onClick={() => onDelete(role)}
                  disabled={busyPublicIds.has(role.publicId)}
                  edge="end"
                >
                  <DeleteOutline />
                </IconAction>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
