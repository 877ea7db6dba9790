import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useTranslation } from 'react-i18next';
import type { CompanySummary } from '@fleetgate/contracts';
import { LetterAvatar } from '../../components/LetterAvatar.tsx';

type CompanyListProps = {
  companies: CompanySummary[];
  currentCompanyId: string | null;
  onSelect: (companyId: string) => void;
};

export function CompanyList({ companies, currentCompanyId, onSelect }: CompanyListProps) {
  const { t } = useTranslation();
  if (companies.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {t('companies.empty')}
      </Typography>
    );
  }
  return (
    <List disablePadding sx={{ display: 'grid', gap: 1 }}>
      {companies.map((company) => (
        <li key={company.publicId}>
          <ListItemButton
            onClick={() => onSelect(company.publicId)}
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <ListItemAvatar>
              <LetterAvatar name={company.name} variant="rounded" />
            </ListItemAvatar>
            <ListItemText
              primary={company.name}
              secondary={company.role.name}
              slotProps={{ primary: { sx: { fontWeight: 500 } } }}
            />
            {company.publicId === currentCompanyId && (
              <Chip
                label={t('companies.current')}
                size="small"
                color="primary"
                variant="outlined"
                sx={{ mr: 1 }}
              />
            )}
            <ChevronRight color="action" />
          </ListItemButton>
        </li>
      ))}
    </List>
  );
}
