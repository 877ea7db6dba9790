import type { MouseEvent } from 'react';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MyUser } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { browserLanguage, uiLanguages, type LanguagePreference } from '../../app/i18n.ts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { useNotify } from '../../components/notify.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { useUpdateMyProfile } from './use-my-profile.ts';

const browserDefault = 'browser';

/** The UI and e-mail language: the browser's, or one chosen for good; saved and applied at once. */
export function LanguageSection({ user }: { user: MyUser }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const update = useUpdateMyProfile();
  // While saving, the choice shows at once; the server's answer then confirms it.
  const shown: LanguagePreference = update.isPending ? (update.variables.language ?? null) : user.language;

  const handleChange = (_event: MouseEvent<HTMLElement>, value: string | null) => {
    // Pressing the chosen button again leaves the choice as it is.
    if (value === null) return;
    const language = value === browserDefault ? null : (value as LanguagePreference);
    if (language === user.language) return;
    update.mutate(
      { language },
      // Said in the language just chosen: the UI has switched by then (t of this render has not).
      { onSuccess: () => notify(i18next.t('myProfile.language.saved'), { key: 'language' }) },
    );
  };

  return (
    <ProfileSection id="language" title={t('myProfile.language.title')} hint={t('myProfile.language.hint')}>
      <ToggleButtonGroup
        exclusive
        color="primary"
        value={shown ?? browserDefault}
        onChange={handleChange}
        disabled={update.isPending}
        aria-labelledby="language-title"
        aria-describedby="language-hint"
        // Stacked, so long names (Browser-Einstellung) fit on a phone as on a desktop.
        orientation="vertical"
        fullWidth
        sx={{ maxWidth: 400 }}
      >
        <ToggleButton value={browserDefault}>
          {t('myProfile.language.browser', { language: t(`myProfile.languageNames.${browserLanguage()}`) })}
        </ToggleButton>
        {uiLanguages.map((language) => (
          <ToggleButton key={language} value={language} lang={language}>
            {t(`myProfile.languageNames.${language}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {update.isError && (
        <FormAlert message={`${t('myProfile.language.saveFailed')} ${describeError(t, update.error)}`} />
      )}
    </ProfileSection>
  );
}
