import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../api/error-text.ts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { TotpChangeDialog } from './TotpChangeDialog.tsx';
import { TotpSetupDialog } from './TotpSetupDialog.tsx';
import { useMyTwoFactor } from './use-two-factor.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

type OpenDialog = 'setup' | 'regenerate' | 'turnOff' | null;

/** Two-factor sign-in with an authenticator app: on or off, set up, new recovery codes, turn off. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const twoFactor = useMyTwoFactor();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const state = twoFactor.data;
  const handleClose = () => setDialog(null);

  return (
    <ProfileSection id="two-factor" title={t('twoFactor.title')} hint={t('twoFactor.hint')}>
      {twoFactor.isPending && <LoadingBar />}
      {twoFactor.isError && <FormAlert message={describeError(t, twoFactor.error)} />}
      {state && (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body1">{t('twoFactor.app')}</Typography>
            <Chip
              size="small"
              color={state.totpEnabled ? 'success' : 'default'}
              label={state.totpEnabled ? t('twoFactor.on') : t('twoFactor.off')}
            />
          </Stack>
          {state.totpEnabled && (
            <Typography variant="body2" color="text.secondary">
              {t('twoFactor.codesLeft', { count: state.recoveryCodesLeft })}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} useFlexGap>
            {state.totpEnabled ? (
              <>
                <Button variant="outlined" onClick={() => setDialog('regenerate')}>
                  {t('twoFactor.regenerate.open')}
                </Button>
                <Button variant="outlined" color="error" onClick={() => setDialog('turnOff')}>
                  {t('twoFactor.turnOff.open')}
                </Button>
              </>
            ) : (
              <Button variant="contained" onClick={() => setDialog('setup')}>
                {t('twoFactor.setup.open')}
              </Button>
            )}
          </Stack>
        </Stack>
      )}
      {dialog === 'setup' && <TotpSetupDialog onClose={handleClose} />}
      {(dialog === 'regenerate' || dialog === 'turnOff') && (
        <TotpChangeDialog change={dialog} onClose={handleClose} />
      )}
    </ProfileSection>
  );
}
