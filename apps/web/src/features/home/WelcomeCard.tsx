import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LetterAvatar } from '../../components/LetterAvatar.tsx';

type WelcomeCardProps = {
  name: string;
  emailAddress: string;
  companyName: string;
  roleName: string | null;
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
        {label}
      </Typography>
      <Typography sx={{ overflowWrap: 'break-word' }}>{value}</Typography>
    </Stack>
  );
}

export function WelcomeCard({ name, emailAddress, companyName, roleName }: WelcomeCardProps) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="welcome-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
          <LetterAvatar name={name} size={56} />
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Typography id="welcome-title" variant="h5" component="h1">
              {t('home.welcome', { name })}
            </Typography>
            <Typography color="text.secondary">{t('home.intro', { company: companyName })}</Typography>
          </Stack>
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))' }}>
          <Fact label={t('home.company')} value={companyName} />
          <Fact label={t('home.role')} value={roleName ?? t('home.noRole')} />
          <Fact label={t('home.email')} value={emailAddress} />
        </Box>
      </CardContent>
    </Card>
  );
}
