import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { BrandingImageSlot } from '@fleetgate/contracts';
import { useCurrentUser } from '../../auth/current-user.tsx';
import { FullPageProgress } from '../../components/FullPageProgress.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { CompanyPropertiesTab } from '../company-properties/CompanyPropertiesTab.tsx';
import { MenuLinksTab } from '../menu-items/MenuLinksTab.tsx';
import { BrandingEditor } from './BrandingEditor.tsx';
import { brandingPatchOf, brandingSourceText, type BrandingFormValues } from './branding-form.ts';
import { uploadBrandingImage } from './branding-images.ts';
import {
  useBrandingChanged,
  useCompanyBranding,
  useOwnBranding,
  useRemoveBrandingImage,
  useUpdateBranding,
} from './use-branding.ts';
import { registerBrandingTexts } from './branding-texts.ts';

registerBrandingTexts();

const identityTabs = ['branding', 'properties', 'links'] as const;
type IdentityTab = (typeof identityTabs)[number];

/**
 * `/identity`: the company's identity in tabs named in the URL (`?tab=properties`): its branding,
 * edited with a live preview (the default), its own properties, and its menu links.
 */
export function IdentityPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const companyId = user.company?.publicId ?? '';
  const effective = useCompanyBranding(companyId);
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const tab: IdentityTab = identityTabs.find((name) => name === asked) ?? 'branding';

  const handleTab = (next: IdentityTab) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'branding') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  const labels: Record<IdentityTab, string> = {
    branding: t('companyProperties.brandingTab'),
    properties: t('companyProperties.tab'),
    links: t('menuItems.tab'),
  };
  const subtitle =
    tab === 'branding' ? (
      <Stack spacing={0.5}>
        <span>{t('branding.subtitle')}</span>
        {effective.data !== undefined && <span>{brandingSourceText(t, companyId, effective.data)}</span>}
      </Stack>
    ) : tab === 'properties' ? (
      t('companyProperties.subtitle')
    ) : (
      t('menuItems.subtitle')
    );
  return (
    <Stack spacing={3}>
      <PageHeader title={t('branding.title')} subtitle={subtitle} />
      <Tabs
        value={tab}
        onChange={(_event, value: IdentityTab) => handleTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('branding.title')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {identityTabs.map((name) => (
          <Tab
            key={name}
            value={name}
            label={labels[name]}
            id={`identity-tab-${name}`}
            aria-controls="identity-tab-panel"
          />
        ))}
      </Tabs>
      <div role="tabpanel" id="identity-tab-panel" aria-labelledby={`identity-tab-${tab}`}>
        {tab === 'branding' && <BrandingTab />}
        {tab === 'properties' && <CompanyPropertiesTab companyId={companyId} />}
        {tab === 'links' && <MenuLinksTab companyId={companyId} />}
      </div>
    </Stack>
  );
}

/** The company's branding, edited with a live preview. */
function BrandingTab() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const company = user.company;
  const companyId = company?.publicId ?? '';
  const own = useOwnBranding(companyId);
  const update = useUpdateBranding(companyId);
  const remove = useRemoveBrandingImage(companyId);
  const changed = useBrandingChanged(companyId);
  const queryClient = useQueryClient();

  const handleSave = async (values: BrandingFormValues) => {
    await update.mutateAsync(brandingPatchOf(values));
  };
  const handleUpload = async (slot: BrandingImageSlot, file: File, onProgress: (f: number) => void) => {
    await changed(await uploadBrandingImage({ companyId, slot, file, onProgress }));
  };
  const handleRemove = async (slot: BrandingImageSlot) => {
    await remove.mutateAsync(slot);
  };

  if (own.isPending) return <FullPageProgress />;
  if (own.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => void queryClient.resetQueries({ queryKey: ['MyCompanyBranding'] })}
          >
            {t('app.retry')}
          </Button>
        }
      >
        {t('branding.loadFailed')}
      </Alert>
    );
  }
  return (
    <BrandingEditor
      branding={own.data}
      companyName={company?.name ?? ''}
      onSave={handleSave}
      onUpload={handleUpload}
      onRemoveImage={handleRemove}
    />
  );
}
