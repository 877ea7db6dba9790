import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { useNotify } from '../../components/notify.tsx';
import { ProfileSection } from '../my-profile/ProfileSection.tsx';
import { PasskeyAddDialog } from './PasskeyAddDialog.tsx';
import { PasskeyListView } from './PasskeyListView.tsx';
import { PasskeyNameDialog } from './PasskeyNameDialog.tsx';
import { PasskeyRemoveDialog } from './PasskeyRemoveDialog.tsx';
import { usePasskeys, useRenamePasskey } from './use-passkeys.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

type Editing = { mode: 'add' } | { mode: 'rename'; passkey: Passkey } | null;

/**
 * my-profile's passkeys: the list, adding one through the browser, renaming and removing.
 * Adding and removing ask for the password (and a code while TOTP is on).
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const passkeys = usePasskeys();
  const rename = useRenamePasskey();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  const handleAdded = () => {
    setEditing(null);
    notify(t('passkeys.added'), { key: 'passkeys' });
  };

  const handleRename = (passkey: Passkey) => async (name: string) => {
    await rename.mutateAsync({ publicId: passkey.publicId, name });
    setEditing(null);
    notify(t('passkeys.renamed'), { key: 'passkeys' });
  };

  const handleRemoved = () => {
    setRemoving(null);
    notify(t('passkeys.removed'), { key: 'passkeys' });
  };

  return (
    <ProfileSection id="passkeys" title={t('passkeys.title')} hint={t('passkeys.hint')}>
      {passkeys.isPending && <LoadingBar />}
      {passkeys.isError && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <FormAlert message={`${t('passkeys.loadFailed')} ${describeError(t, passkeys.error)}`} />
          <Button onClick={() => void passkeys.refetch()}>{t('passkeys.retry')}</Button>
        </Stack>
      )}
      {passkeys.data && (
        <PasskeyListView
          passkeys={passkeys.data}
          onRename={(passkey) => setEditing({ mode: 'rename', passkey })}
          onRemove={setRemoving}
        />
      )}
      <Button
        variant="outlined"
        startIcon={<Add />}
        onClick={() => setEditing({ mode: 'add' })}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('passkeys.add')}
      </Button>
      {editing?.mode === 'add' && <PasskeyAddDialog onAdded={handleAdded} onClose={() => setEditing(null)} />}
      {editing?.mode === 'rename' && (
        <PasskeyNameDialog
          name={editing.passkey.name}
          onSubmit={handleRename(editing.passkey)}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <PasskeyRemoveDialog passkey={removing} onRemoved={handleRemoved} onClose={() => setRemoving(null)} />
      )}
    </ProfileSection>
  );
}
