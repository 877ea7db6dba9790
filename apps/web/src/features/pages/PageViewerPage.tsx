import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ArrowBack from '@mui/icons-material/ArrowBack';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { Page, PeriodSpec } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ComponentCard, PageGrid } from './PageGrid.tsx';
import { PageComponentView } from './PageComponentView.tsx';
import { PeriodSelector } from './PeriodSelector.tsx';
import { parsePeriodSpec, periodIncludesNow, queriedRange } from './period.ts';
import { usePage, usePagesLiveUpdates, useThrottledTagValues, type ShownDevice } from './use-pages.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

const assetPollMs = 60_000;

/** The devices a page can be shown for: its agents and assets, else its preview device. */
export function devicesOfPage(page: Page): (ShownDevice & { name: string })[] {
  const own = [
    ...page.agents.map((agent) => ({ kind: 'agent' as const, ...agent })),
    ...page.assets.map((asset) => ({ kind: 'asset' as const, ...asset })),
  ];
  if (own.length > 0) return own;
  const version = page.publishedVersion;
  if (version?.previewAgent) return [{ kind: 'agent', ...version.previewAgent }];
  if (version?.previewAsset) return [{ kind: 'asset', ...version.previewAsset }];
  return [];
}

/** The device named in the URL (`agent=` or `asset=`), or null. */
export function deviceFromSearch(search: URLSearchParams): ShownDevice | null {
  const agent = search.get('agent');
  if (agent) return { kind: 'agent', publicId: agent };
  const asset = search.get('asset');
  return asset ? { kind: 'asset', publicId: asset } : null;
}

/** `/pages/:pageId?agent=…|asset=…&period=…`: the published page for one device. */
export function PageViewerPage() {
  const { t } = useTranslation();
  const { pageId = '' } = useParams();
  const user = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const page = usePage(pageId);
  usePagesLiveUpdates();
  const [now, setNow] = useState(() => Date.now());

  const version = page.data?.publishedVersion ?? null;
  const period: PeriodSpec = parsePeriodSpec(search.get('period')) ?? version?.periodSpec ?? 'today';
  const devices = useMemo(() => (page.data ? devicesOfPage(page.data) : []), [page.data]);
  const device = deviceFromSearch(search) ?? (devices.length === 1 ? devices[0]! : null);
  const live = periodIncludesNow(period, new Date(now));
  const range = useMemo(() => queriedRange(period, new Date(now)), [period, now]);
  useThrottledTagValues(device?.kind === 'agent' ? device.publicId : null, live, () => setNow(Date.now()));
  // An asset's values carry its agent's id, which the page does not know: it polls instead.
  const pollAsset = live && device?.kind === 'asset';
  useEffect(() => {
    if (!pollAsset) return;
    const timer = setInterval(() => setNow(Date.now()), assetPollMs);
    return () => clearInterval(timer);
  }, [pollAsset]);

  const setParam = (name: string, value: string | null) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const back = (
    <Link component={RouterLink} to="/pages" underline="hover" sx={{ display: 'inline-flex', gap: 0.5 }}>
      <ArrowBack fontSize="small" />
      {t('pages.viewer.back')}
    </Link>
  );
  if (page.isPending)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <LoadingIndicator />
      </Box>
    );
  if (page.isError) {
    const missing = page.error instanceof ApiError && [400, 403, 404].includes(page.error.status);
    return (
      <Stack spacing={2}>
        {back}
        <Alert
          severity={missing ? 'info' : 'error'}
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => void page.refetch()}>
                {t('pages.retry')}
              </Button>
            )
          }
        >
          {missing ? t('pages.viewer.notFound') : t('pages.loadFailed')}
        </Alert>
      </Stack>
    );
  }

  const mayEdit = hasCapability(user, 'pages.manage');
  const deviceQuery = device ? `${device.kind}=${device.publicId}&` : '';
  return (
    <Stack spacing={2}>
      {back}
      <PageHeader
        title={version?.title ?? page.data.title}
        action={
          mayEdit ? (
            <Button
              variant="outlined"
              startIcon={<EditOutlined />}
              component={RouterLink}
              to={`/pages/${pageId}/edit`}
            >
              {t('pages.edit')}
            </Button>
          ) : undefined
        }
      />
      {version === null ? (
        <Alert severity="info">{t('pages.viewer.notPublished')}</Alert>
      ) : (
        <>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            {devices.length > 1 || (devices.length > 0 && device === null) ? (
              <TextField
                select
                size="small"
                label={t('pages.viewer.device')}
                value={device ? `${device.kind}:${device.publicId}` : ''}
                onChange={(event) => {
                  const [kind, publicId = ''] = event.target.value.split(':');
                  const next = new URLSearchParams(search);
                  next.delete('agent');
                  next.delete('asset');
                  next.set(kind === 'asset' ? 'asset' : 'agent', publicId);
                  setSearch(next, { replace: true });
                }}
                sx={{ minWidth: 200 }}
              >
                {devices.map((one) => (
                  <MenuItem key={`${one.kind}:${one.publicId}`} value={`${one.kind}:${one.publicId}`}>
                    {one.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <PeriodSelector key={period} value={period} onChange={(spec) => setParam('period', spec)} />
            {live && device && (
              <Chip size="small" color="success" variant="outlined" label={t('pages.viewer.live')} />
            )}
          </Stack>
          {version.pagePages.length > 0 && (
            <Tabs value={false} variant="scrollable" aria-label={t('pages.viewer.subPages')}>
              {version.pagePages.map((sub) => (
                <Tab
                  key={sub.publicId}
                  label={sub.title ?? sub.publicId}
                  component={RouterLink}
                  to={`/pages/${sub.publicId}?${deviceQuery}period=${encodeURIComponent(period)}`}
                />
              ))}
            </Tabs>
          )}
          {device === null && (
            <Alert severity="info">
              {devices.length === 0 ? t('pages.viewer.noDevices') : t('pages.viewer.chooseDevice')}
            </Alert>
          )}
          {(device !== null || devices.length === 0) && (
            <PageGrid
              components={version.components}
              render={(component) => (
                <ComponentCard title={component.title}>
                  <PageComponentView component={component} device={device} range={range} />
                </ComponentCard>
              )}
            />
          )}
        </>
      )}
    </Stack>
  );
}
