import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { useTranslation } from 'react-i18next';
import type { Audience } from '@fleetgate/contracts';
import { IconAction } from '../users/IconAction.tsx';

type AudienceListProps = {
  audiences: Audience[];
  busyPublicIds: ReadonlySet<string>;
  onToggleDefault: (audience: Audience) => void;
  onEdit: (audience: Audience) => void;
  onDelete: (audience: Audience) => void;
};

export function AudienceList({
  audiences,
  busyPublicIds,
  onToggleDefault,
  onEdit,
  onDelete,
}: AudienceListProps) {
  const { t } = useTranslation();
  if (audiences.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, py: 3 }}>
        {t('accessCategories.empty')}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('accessCategories.title')}>
      {audiences.map((audience) => {
        const busy = busyPublicIds.has(audience.publicId);
        const name = audience.name;
        return (
          <Box
            component="li"
            key={audience.publicId}
            aria-label={name}
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
                {name}
                {audience.default && (
                  <Chip label={t('accessCategories.default')} size="small" color="secondary" sx={{ ml: 1 }} />
                )}
              </Typography>
              {audience.description && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
                >
                  {audience.description}
                </Typography>
              )}
            </Box>
            <Box sx={{ display: 'flex', flexShrink: 0 }}>
              <IconAction
                label={
                  audience.default
                    ? t('accessCategories.unsetDefault', { name })
                    : t('accessCategories.setDefault', { name })
                }
                aria-pressed={audience.default}
                onClick={() => onToggleDefault(audience)}
                disabled={busy}
                color={audience.default ? 'secondary' : 'default'}
              >
                {audience.default ? <Star /> : <StarBorder />}
              </IconAction>
              <IconAction
                label={t('accessCategories.edit', { name })}
                onClick={() => onEdit(audience)}
                disabled={busy}
              >
                <EditOutlined />
              </IconAction>
              <IconAction
                label={t('accessCategories.delete', { name })}
                onClick={() => onDelete(audience)}
                disabled={busy}
                edge="end"
              >
                <DeleteOutline />
              </IconAction>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
