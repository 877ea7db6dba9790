import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinkOff from '@mui/icons-material/LinkOff';
import { useTranslation } from 'react-i18next';
import { useCompanyId } from '../../auth/session.ts';
import { useNotify } from '../../components/notify.tsx';
import { useCompanies } from '../companies/use-companies.ts';
import { describeBackendComponentError } from './backend-component-errors.ts';
import { SectionCard } from './SectionCard.tsx';
import { useCreateShare, useDeleteShare, useTemplateShares } from './use-template-parts.ts';

const noticeMs = 3000;

/**
 * The owner's shares of a template: with which companies, picked from those the user belongs to
 * (the only companies the web app knows of), and revoking one.
 */
export function TemplateSharesSection({ templateId }: { templateId: string }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const ownCompany = useCompanyId();
  const shares = useTemplateShares(templateId);
  const companies = useCompanies();
  const createShare = useCreateShare(templateId);
  const deleteShare = useDeleteShare(templateId);
  const [chosen, setChosen] = useState('');

  const sharedWith = new Set((shares.data ?? []).map((share) => share.company.publicId));
  const candidates = (companies.data ?? []).filter(
    (company) => company.publicId !== ownCompany && !sharedWith.has(company.publicId),
  );
  const fail = (error: unknown) => notify(describeBackendComponentError(t, error), { durationMs: noticeMs });

  const handleShare = () =>
    createShare.mutate(chosen, {
      onSuccess: () => {
        setChosen('');
        notify(t('backendComponents.shares.shared'), { durationMs: noticeMs });
      },
      onError: fail,
    });
  const handleRevoke = (publicId: string) =>
    deleteShare.mutate(publicId, {
      onSuccess: () => notify(t('backendComponents.shares.revoked'), { durationMs: noticeMs }),
      onError: fail,
    });

  return (
    <SectionCard
      id="template-shares"
      title={t('backendComponents.shares.title')}
      hint={t('backendComponents.shares.hint')}
    >
      {shares.isError && <Alert severity="error">{t('backendComponents.shares.loadFailed')}</Alert>}
      {shares.isSuccess && shares.data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('backendComponents.shares.empty')}
        </Typography>
      )}
      {shares.isSuccess && shares.data.length > 0 && (
        <List dense disablePadding>
          {shares.data.map((share) => (
            <ListItem
              key={share.publicId}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('backendComponents.shares.revoke', { company: share.company.name })}
                  onClick={() => handleRevoke(share.publicId)}
                  disabled={deleteShare.isPending}
                >
                  <LinkOff fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText primary={share.company.name} />
            </ListItem>
          ))}
        </List>
      )}
      {companies.isSuccess && candidates.length === 0 && sharedWith.size === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('backendComponents.shares.noCompanies')}
        </Typography>
      )}
      {candidates.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('backendComponents.shares.company')}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            sx={{ flex: '1 1 220px' }}
          >
            {candidates.map((company) => (
              <MenuItem key={company.publicId} value={company.publicId}>
                {company.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            onClick={handleShare}
            disabled={chosen === ''}
            loading={createShare.isPending}
          >
            {t('backendComponents.shares.share')}
          </Button>
        </Box>
      )}
    </SectionCard>
  );
}
