import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import LinkOff from '@mui/icons-material/LinkOff';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { describeError } from '../../api/error-text.ts';
import { clearSession, setCompanyId, setSession } from '../../auth/session.ts';
import { CenteredLayout } from '../../components/CenteredLayout.tsx';
import { FullPageProgress } from '../../components/FullPageProgress.tsx';
import { ErrorCard } from '../errors/ErrorCard.tsx';
import { exchangeJumpStartToken, readJumpStartParams } from './jump-start.ts';

/** `missing`: the link came without its token (cut short when copied), so nothing was tried. */
type Failure = { kind: 'missing' } | { kind: 'used' } | { kind: 'other'; message: string };

/** The server's answers to a token that was used, has expired, or never was one. */
function isRefusedToken(error: unknown): boolean {
  return error instanceof ApiError && [400, 401, 403, 404].includes(error.status);
}

function failureTexts(t: TFunction, failure: Failure): { title: string; subtitle: string } {
  switch (failure.kind) {
    case 'missing':
      return { title: t('jumpStart.missingTitle'), subtitle: t('jumpStart.missing') };
    case 'used':
      return { title: t('jumpStart.expiredTitle'), subtitle: t('jumpStart.expired') };
    case 'other':
      return { title: t('jumpStart.failedTitle'), subtitle: failure.message };
  }
}

/**
 * `/jump-start?token=…&company=…&redirect=…`: signs in with a one-time link token, outside the
 * shell, then continues to the link's page in the link's company.
 */
export function JumpStartPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => {
    const { token, company, redirect } = readJumpStartParams(location.search, window.location.origin);
    if (!token) {
      setFailure({ kind: 'missing' });
      return;
    }
    let active = true;
    exchangeJumpStartToken(token).then(
      (session) => {
        if (!active) return;
        // Whoever was signed in before in this browser is replaced, with everything cached for them.
        clearSession();
        queryClient.clear();
        setSession(session);
        if (company) setCompanyId(company);
        void navigate(redirect ?? '/', { replace: true });
      },
      (error: unknown) => {
        if (!active) return;
        setFailure(
          isRefusedToken(error) ? { kind: 'used' } : { kind: 'other', message: describeError(t, error) },
        );
      },
    );
    return () => {
      active = false;
    };
  }, [location.search, navigate, queryClient, t]);

  if (!failure) return <FullPageProgress />;
  const texts = failureTexts(t, failure);
  return (
    <CenteredLayout>
      <ErrorCard
        icon={LinkOff}
        title={texts.title}
        subtitle={texts.subtitle}
        actions={
          <Button variant="contained" component={RouterLink} to="/login">
            {t('jumpStart.logIn')}
          </Button>
        }
      />
    </CenteredLayout>
  );
}
