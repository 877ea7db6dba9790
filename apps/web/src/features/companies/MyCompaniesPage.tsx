import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Logout from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CenteredLayout } from '../../components/CenteredLayout.tsx';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { describeError } from '../../api/error-text.ts';
import { FormHeading } from '../../components/form/FormHeading.tsx';
import { useCompanyId } from '../../auth/session.ts';
import { MyInvitations } from '../users/MyInvitations.tsx';
import { CompanyList } from './CompanyList.tsx';
import { CreateCompanyForm } from './CreateCompanyForm.tsx';
import { useCompanies, useCreateCompany } from './use-companies.ts';
import { useSelectCompany } from './use-select-company.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

export function MyCompaniesPage() {
  const { t } = useTranslation();
  const companies = useCompanies();
  const createCompany = useCreateCompany();
  const selectCompany = useSelectCompany();
  const currentCompanyId = useCompanyId();

  const handleSelect = (companyId: string) => {
    void selectCompany(companyId);
  };

  const handleCreate = async (values: { name: string }) => {
    const company = await createCompany.mutateAsync(values);
    await selectCompany(company.publicId);
  };

  return (
    <CenteredLayout width={560}>
      <Stack spacing={3}>
        <FormHeading title={t('companies.title')} subtitle={t('companies.subtitle')} />
        <MyInvitations />
        {companies.isPending && <LoadingBar />}
        {companies.isError && <FormAlert message={describeError(t, companies.error)} />}
        {companies.data && (
          <CompanyList
            companies={companies.data}
            currentCompanyId={currentCompanyId}
            onSelect={handleSelect}
          />
        )}
        <Divider />
        <CreateCompanyForm onSubmit={handleCreate} />
        <Divider />
        <Button component={RouterLink} to="/logout" startIcon={<Logout />} sx={{ alignSelf: 'center' }}>
          {t('companies.logOut')}
        </Button>
      </Stack>
    </CenteredLayout>
  );
}
