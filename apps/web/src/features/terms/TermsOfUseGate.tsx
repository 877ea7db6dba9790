import { useQueryClient } from '@tanstack/react-query';
import type { MyUser } from '@fleetgate/contracts';
import { lazyPart } from '../../app/lazy-part.tsx';
import { useLiveEvent } from '../../api/live-events.tsx';
import { myUserQuery } from '../../auth/use-my-user.ts';
import { companyTextKey, useCompanyText } from './use-terms.ts';

// The dialog registers the terms texts itself: the gate that every page loads stays free of them
// (and of the Markdown renderer their chunk shares).
const TermsUpdatedDialog = lazyPart(() => import('./TermsUpdatedDialog.tsx'), 'TermsUpdatedDialog', null);

/**
 * Holds the app behind the Terms of use updated dialog while the company (or its sector) has
 * terms whose latest version the user has not accepted. New terms arrive live.
 */
export function TermsOfUseGate({ user }: { user: MyUser }) {
  const queryClient = useQueryClient();
  const companyId = user.company?.publicId ?? null;
  const terms = useCompanyText('termsOfUse', companyId);
  useLiveEvent('TermsOfUseChanged', () => {
    if (companyId === null) return;
    void queryClient.invalidateQueries({ queryKey: companyTextKey('termsOfUse', companyId) });
    void queryClient.invalidateQueries({ queryKey: myUserQuery(companyId).queryKey });
  });
  const policy = terms.data;
  if (!policy || companyId === null) return null;
  if (user.acceptedTermsOfUsePolicies.some((accepted) => accepted.publicId === policy.publicId)) return null;
  return <TermsUpdatedDialog policy={policy} companyId={companyId} companyName={user.company?.name ?? ''} />;
}
