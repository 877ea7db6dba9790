import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import type { Branding } from '@fleetgate/contracts';
import type { MobilePlatform } from './mobile-platform.ts';
import { dismissedStoreBanners, dismissStoreBanner, storeBannerOf } from './store-banner.ts';
import { registerBrandingTexts } from './branding-texts.ts';

registerBrandingTexts();

/**
 * "Get the <company> app" at the top of the screen on Android and iOS browsers, above the top
 * bar until dismissed; dismissed, it never shows again in this browser.
 */
export function StoreBanner({ branding, platform }: { branding: Branding; platform: MobilePlatform }) {
  const { t } = useTranslation();
  const banner = storeBannerOf(branding, platform);
  const dismissed = dismissedStoreBanners.useValue();
  if (!banner || dismissed.includes(banner.url)) return null;
  return (
    <Paper
      component="aside"
      square
      elevation={3}
      aria-label={t('branding.storeBanner.label')}
      sx={(theme) => ({
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: theme.zIndex.appBar + 2,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        pl: 0.5,
        pr: 1.5,
        py: 1,
      })}
    >
      <IconButton
        size="small"
        aria-label={t('branding.storeBanner.dismiss')}
        onClick={() => dismissStoreBanner(banner.url)}
      >
        <Close fontSize="small" />
      </IconButton>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" component="p" noWrap>
          {t('branding.storeBanner.title', { company: banner.company })}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {t(`branding.storeBanner.${banner.platform}`)}
        </Typography>
      </Box>
      <Button
        variant="contained"
        size="small"
        href={banner.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('branding.storeBanner.getLabel', { company: banner.company })}
      >
        {t('branding.storeBanner.get')}
      </Button>
    </Paper>
  );
}
