import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LegalPageFrame } from './LegalPageFrame.tsx';
import { LegalTextState } from './LegalTextState.tsx';
import { LegalTextView } from './LegalTextView.tsx';
import { usePublicText, type LegalTextKind } from './use-terms.ts';
import { registerTermsTexts } from './terms-texts.ts';

registerTermsTexts();

/** `/terms-of-use` and `/privacy-statement`: the host's company (or sector) texts, else the instance's; no sign-in. */
function PublicLegalTextPage({ kind }: { kind: LegalTextKind }) {
  const { t } = useTranslation();
  const text = usePublicText(kind);
  return (
    <LegalPageFrame
      title={t(`legal.${kind}`)}
      back={
        <Button component={RouterLink} to="/" startIcon={<ArrowBack />}>
          {t('terms.back')}
        </Button>
      }
    >
      <LegalTextState query={text} />
      {text.data && <LegalTextView languages={text.data.languages} />}
    </LegalPageFrame>
  );
}

export function PublicTermsOfUsePage() {
  return <PublicLegalTextPage kind="termsOfUse" />;
}

export function PublicPrivacyStatementPage() {
  return <PublicLegalTextPage kind="privacyStatement" />;
}
