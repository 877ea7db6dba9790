import { useEffect, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { supportedPlatforms, type Branding, type BrandingImageSlot } from '@fleetgate/contracts';
import { DiscardChangesDialog } from '../../components/DiscardChangesDialog.tsx';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { useNotify } from '../../components/notify.tsx';
import { BrandingImageField } from './BrandingImageField.tsx';
import { BrandingPreview } from './BrandingPreview.tsx';
import { ColorField } from './ColorField.tsx';
import {
  brandingErrorFields,
  brandingFormResolverSchema,
  brandingFormValuesOf,
  brandingPatchOf,
  localizeBrandingError,
  type BrandingFormValues,
} from './branding-form.ts';

type BrandingEditorProps = {
  /** The company's own branding values. */
  branding: Branding;
  companyName: string;
  /** Saves the changes; rejects with the server's ApiError. */
  onSave: (values: BrandingFormValues) => Promise<void>;
  onUpload: (slot: BrandingImageSlot, file: File, onProgress: (fraction: number) => void) => Promise<void>;
  onRemoveImage: (slot: BrandingImageSlot) => Promise<void>;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `branding-section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ display: 'grid', gap: 2.5, p: { xs: 2, sm: 3 } }}>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const noticeMs = 3000;

/** The `/identity` form: texts and colours saved together, images uploaded each on its own. */
export function BrandingEditor({
  branding,
  companyName,
  onSave,
  onUpload,
  onRemoveImage,
}: BrandingEditorProps) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const schema = useMemo(() => brandingFormResolverSchema(t), [t]);
  const form = useForm<BrandingFormValues>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: brandingFormValuesOf(branding),
  });
  const { control, formState, handleSubmit, reset, setError } = form;
  const { isDirty, isSubmitting, errors } = formState;

  // A change saved elsewhere (another tab, an image) shows here unless this form holds edits.
  useEffect(() => {
    if (!form.formState.isDirty) reset(brandingFormValuesOf(branding));
  }, [branding, form, reset]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isSubmitting && currentLocation.pathname !== nextLocation.pathname,
  );
  // The browser's own question when the tab is closed or reloaded with unsaved changes.
  useEffect(() => {
    if (!isDirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [isDirty]);

  const handleValid = async (values: BrandingFormValues) => {
    try {
      await onSave(values);
      reset(values);
      notify(t('branding.saved'), { durationMs: noticeMs });
    } catch (error) {
      applyApiErrors(localizeBrandingError(error, t), setError, t, { fields: brandingErrorFields });
    }
  };

  const customTheme = useWatch({ control, name: 'customTheme' });
  const theme = useWatch({ control, name: 'theme' });
  const previewTheme = useMemo(() => {
    if (!customTheme) return null;
    const patch = brandingPatchOf({ ...form.getValues(), customTheme, theme });
    const valid = /^#[0-9a-f]{6}$/i;
    return patch.theme && valid.test(patch.theme.primaryColor) && valid.test(patch.theme.secondaryColor)
      ? patch.theme
      : null;
  }, [customTheme, theme, form]);
  const [pendingImages, setPendingImages] = useState(0);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });

  const imageField = (slot: BrandingImageSlot, tone: 'light' | 'dark') => (
    <BrandingImageField
      key={slot}
      slot={slot}
      tone={tone}
      url={branding[slot]}
      onUpload={async (file, onProgress) => {
        setPendingImages((n) => n + 1);
        try {
          await onUpload(slot, file, onProgress);
          notify(t('branding.images.uploaded', { slot: t(`branding.images.${slot}`) }), {
            durationMs: noticeMs,
          });
        } finally {
          setPendingImages((n) => n - 1);
        }
      }}
      onRemove={async () => {
        await onRemoveImage(slot);
        notify(t('branding.images.removed', { slot: t(`branding.images.${slot}`) }), {
          durationMs: noticeMs,
        });
      }}
    />
  );

  // Beside the form on wide screens; on narrow ones right after the colours and images it shows.
  const previewCard = (
    <Card
      component="aside"
      aria-labelledby="branding-preview-title"
      sx={wide ? { position: 'sticky', top: 88 } : undefined}
    >
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="branding-preview-title" variant="h6" component="h2">
          {t('branding.preview.title')}
        </Typography>
        <BrandingPreview
          theme={previewTheme}
          logoLight={branding.logoLight}
          logoDark={branding.logoDark}
          companyName={companyName}
        />
      </CardContent>
    </Card>
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(handleValid)(event)}
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <Section title={t('branding.sections.host')}>
          <FormTextField
            control={control}
            name="fqdn"
            label={t('branding.fields.fqdn')}
            helperText={t('branding.fields.fqdnHint')}
            placeholder="portal.example.com"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', inputMode: 'url' } }}
          />
        </Section>

        <Section title={t('branding.sections.colours')}>
          <Controller
            control={control}
            name="customTheme"
            render={({ field: { value, onChange, ref, name } }) => (
              <Box>
                <FormControlLabel
                  control={
                    <Switch
                      name={name}
                      checked={value}
                      inputRef={ref}
                      onChange={(e) => onChange(e.target.checked)}
                    />
                  }
                  label={t('branding.fields.customTheme')}
                />
                {!value && (
                  <FormHelperText sx={{ mt: 0 }}>{t('branding.fields.customThemeHint')}</FormHelperText>
                )}
              </Box>
            )}
          />
          {customTheme && (
            <>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <ColorField
                  control={control}
                  name="theme.primaryColor"
                  label={t('branding.fields.primaryColor')}
                  pickerLabel={t('branding.fields.pickPrimary')}
                  hint={t('branding.fields.colorHint')}
                />
                <ColorField
                  control={control}
                  name="theme.secondaryColor"
                  label={t('branding.fields.secondaryColor')}
                  pickerLabel={t('branding.fields.pickSecondary')}
                  hint={t('branding.fields.colorHint')}
                />
              </Box>
              <Controller
                control={control}
                name="theme.mode"
                render={({ field }) => (
                  <FormControl>
                    <FormLabel id="branding-mode-label">{t('branding.fields.mode')}</FormLabel>
                    <RadioGroup
                      row
                      aria-labelledby="branding-mode-label"
                      name={field.name}
                      value={field.value}
                      onChange={(event) => field.onChange(event.target.value)}
                    >
                      <FormControlLabel
                        value="light"
                        control={<Radio />}
                        label={t('branding.fields.light')}
                      />
                      <FormControlLabel value="dark" control={<Radio />} label={t('branding.fields.dark')} />
                    </RadioGroup>
                  </FormControl>
                )}
              />
            </>
          )}
        </Section>

        <Section title={t('branding.sections.images')}>
          <Box
            sx={{
              display: 'grid',
              gap: 2.5,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {imageField('logoLight', 'light')}
            {imageField('logoDark', 'dark')}
            {imageField('favicon', 'light')}
          </Box>
        </Section>

        {!wide && previewCard}

        <Section title={t('branding.sections.browser')}>
          <FormTextField
            control={control}
            name="customBrowserTitle"
            label={t('branding.fields.customBrowserTitle')}
            helperText={t('branding.fields.customBrowserTitleHint')}
          />
        </Section>

        <Section title={t('branding.sections.apps')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <FormTextField
              control={control}
              name="appStoreLinks.android"
              label={t('branding.fields.android')}
              helperText={t('branding.fields.androidHint')}
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
            />
            <FormTextField
              control={control}
              name="appStoreLinks.ios"
              label={t('branding.fields.ios')}
              helperText={t('branding.fields.iosHint')}
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
            />
          </Box>
          <Controller
            control={control}
            name="supportedPlatforms"
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={fieldState.invalid}>
                <FormLabel component="legend">{t('branding.fields.supportedPlatforms')}</FormLabel>
                <FormGroup row>
                  {supportedPlatforms.map((platform) => (
                    <FormControlLabel
                      key={platform}
                      label={t(`branding.platforms.${platform}`)}
                      control={
                        <Checkbox
                          checked={field.value.includes(platform)}
                          onBlur={field.onBlur}
                          onChange={(event) =>
                            field.onChange(
                              supportedPlatforms.filter((p) =>
                                p === platform ? event.target.checked : field.value.includes(p),
                              ),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
                <FormHelperText>
                  {fieldState.error?.message ?? t('branding.fields.supportedPlatformsHint')}
                </FormHelperText>
              </FormControl>
            )}
          />
        </Section>

        <Section title={t('branding.sections.vpn')}>
          <FormTextField
            control={control}
            name="vpnReleaseNotesUrl"
            label={t('branding.fields.vpnReleaseNotesUrl')}
            helperText={t('branding.fields.vpnReleaseNotesUrlHint')}
            placeholder="https://example.com/releases.json"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', inputMode: 'url' } }}
          />
        </Section>

        <FormAlert message={errors.root?.server?.message} />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button disabled={!isDirty || isSubmitting} onClick={() => reset(brandingFormValuesOf(branding))}>
            {t('branding.reset')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!isDirty || pendingImages > 0}
            loading={isSubmitting}
          >
            {t('branding.save')}
          </Button>
        </Box>
      </Stack>

      {wide && previewCard}

      <DiscardChangesDialog
        open={blocker.state === 'blocked'}
        body={t('branding.leaveBody')}
        onKeepEditing={() => blocker.reset?.()}
        onDiscard={() => blocker.proceed?.()}
      />
    </Box>
  );
}
