import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BackendComponentTemplate } from '@fleetgate/contracts';

type TemplateCardProps = {
  template: BackendComponentTemplate;
  downloading: boolean;
  onDownload: (template: BackendComponentTemplate) => void;
};

/** One template of the list: its name and what it does, whose it is, and its log download. */
export function TemplateCard({ template, downloading, onDownload }: TemplateCardProps) {
  const { t } = useTranslation();
  const headingId = `template-${template.publicId}`;
  return (
    <Card component="article" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography
          id={headingId}
          variant="h6"
          component="h2"
          sx={{ fontSize: '1.05rem', overflowWrap: 'anywhere' }}
        >
          {template.name}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={template.own ? 'default' : 'info'}
          label={
            template.own
              ? t('backendComponents.own')
              : t('backendComponents.sharedBy', { company: template.company.name })
          }
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {template.description || t('backendComponents.noDescription')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button
          component={RouterLink}
          to={`/backend-components/${template.publicId}`}
          variant="outlined"
          size="small"
          aria-label={`${t('backendComponents.open')} ${template.name}`}
        >
          {t('backendComponents.open')}
        </Button>
        <Button
          size="small"
          startIcon={<Download />}
          loading={downloading}
          onClick={() => onDownload(template)}
          aria-label={`${t('backendComponents.downloadLogs')}: ${template.name}`}
        >
          {t('backendComponents.downloadLogs')}
        </Button>
      </Box>
    </Card>
  );
}
