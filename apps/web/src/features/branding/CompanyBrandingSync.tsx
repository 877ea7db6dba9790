import { useEffect } from 'react';
import { setCompanyBranding } from './branding-state.ts';
import { useCompanyBranding } from './use-branding.ts';
import { registerBrandingTexts } from './branding-texts.ts';

registerBrandingTexts();

/**
 * Inside the shell: the selected company's effective branding becomes the app's (theme, favicon,
 * title, logo). Leaving the shell (logging out, switching companies) returns to the host's.
 */
export function CompanyBrandingSync({ companyId }: { companyId: string }) {
  const { data } = useCompanyBranding(companyId);
  useEffect(() => {
    // While another company's branding loads, the one shown stays instead of flashing the host's.
    if (data !== undefined) setCompanyBranding(data);
  }, [data]);
  useEffect(() => () => setCompanyBranding(null), []);
  return null;
}
