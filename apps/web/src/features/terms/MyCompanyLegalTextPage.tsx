import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Edit from '@mui/icons-material/Edit';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate } from 'react-router';
import type { Capability } from '@fleetgate/contracts';
import { useCompanyId } from '../../auth/session.ts';
import { useMyUser } from '../../auth/use-my-user.ts';
import { FullPageProgress } from '../../components/FullPageProgress.tsx';
import { formatDate } from '../../components/format/format-date.ts';
import { LegalPageFrame } from './LegalPageFrame.tsx';
import { LegalTextState } from './LegalTextState.tsx';
import { LegalTextView } from './LegalTextView.tsx';
import { useCompanyText, usePublicText, type LegalTextKind } from './use-terms.ts';
import { registerTermsTexts } from './terms-texts.ts';

registerTermsTexts();

const manageCapability: Record<LegalTextKind, Capability> = {
  termsOfUse: 'termsOfUse.manage',
  privacyStatement: 'privacyStatement.manage',
};
export const builderPath: Record<LegalTextKind, string> = {
  termsOfUse: '/custom-terms-of-use-builder',
  privacyStatement: '/custom-privacy-statement-builder',
};

/**
 * `/my-company/terms-of-use` and `/my-company/privacy-statement`: the texts that apply in the
 * selected company (its own, else its sector's, else the instance's), with Edit for managers.
 */
function MyCompanyLegalTextPage({ kind }: { kind: LegalTextKind }) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const user = useMyUser();
  const own = useCompanyText(kind, companyId);
  const instance = usePublicText(kind);
  if (companyId === null) return <Navigate to="/my-companies" replace />;
  if (user.isPending) return <FullPageProgress />;

  const canEdit = user.data?.capabilities.includes(manageCapability[kind]) ?? false;
  const text = own.data ?? instance.data;
  const policyVersion = own.data && 'version' in own.data ? own.data : null;
  return (
    <LegalPageFrame
      title={t(`legal.${kind}`)}
      subtitle={
        policyVersion
          ? t('terms.version', { version: policyVersion.version, date: formatDate(policyVersion.createdAt) })
          : user.data?.company?.name
      }
      action={
        canEdit && (
          <Button variant="contained" component={RouterLink} to={builderPath[kind]} startIcon={<Edit />}>
            {t('terms.edit')}
          </Button>
        )
      }
      back={
        <Button component={RouterLink} to="/" startIcon={<ArrowBack />}>
          {t('terms.backToApp')}
        </Button>
      }
    >
      <LegalTextState query={own.isError ? own : instance} />
      {own.data === null && instance.data && <Alert severity="info">{t('terms.instanceText')}</Alert>}
      {own.data?.source === 'sector' && <Alert severity="info">{t('terms.sectorText')}</Alert>}
      {text && !own.isPending && <LegalTextView languages={text.languages} />}
    </LegalPageFrame>
  );
}

export function MyCompanyTermsOfUsePage() {
  return <MyCompanyLegalTextPage kind="termsOfUse" />;
}

export function MyCompanyPrivacyStatementPage() {
  return <MyCompanyLegalTextPage kind="privacyStatement" />;
}
