import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import type { SsoIdentityProvider } from '@fleetgate/contracts';

type IdentityProviderCardProps = {
  provider: SsoIdentityProvider;
  onEdit: (provider: SsoIdentityProvider) => void;
  onDelete: (provider: SsoIdentityProvider) => void;
};

export function IdentityProviderCard({ provider, onEdit, onDelete }: IdentityProviderCardProps) {
  const { t } = useTranslation();
  const headingId = `identity-provider-${provider.publicId}`;
  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined">
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, p: 2 }}>
        <Avatar
          src={provider.logoUrl ?? undefined}
          alt=""
          variant="rounded"
          sx={{ width: 40, height: 40, bgcolor: 'action.selected', color: 'text.secondary' }}
        >
          <KeyOutlined />
        </Avatar>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            id={headingId}
            variant="h6"
            component="h3"
            sx={{ fontSize: '1.05rem', overflowWrap: 'anywhere' }}
          >
            {provider.name}
          </Typography>
          <Typography
            variant="body2"
            sx={{ fontFamily: 'monospace', color: 'text.secondary', overflowWrap: 'anywhere', mt: 0.25 }}
          >
            {provider.issuerUrl}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.25 }}>
            {provider.allowedDomains.map((domain) => (
              <Chip key={domain} size="small" label={`@${domain}`} sx={{ maxWidth: '100%' }} />
            ))}
            <Chip
              size="small"
              variant="outlined"
              label={t('sso.clientId', { clientId: provider.clientId })}
              sx={{ maxWidth: '100%' }}
            />
            {provider.clientSecretSet && (
              <Chip size="small" variant="outlined" icon={<LockOutlined />} label={t('sso.secretStored')} />
            )}
          </Stack>
        </Box>
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          <Tooltip title={t('sso.edit')}>
            <IconButton aria-label={`${t('sso.edit')} ${provider.name}`} onClick={() => onEdit(provider)}>
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('sso.delete')}>
            <IconButton aria-label={`${t('sso.delete')} ${provider.name}`} onClick={() => onDelete(provider)}>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      </Box>
    </Card>
  );
}
