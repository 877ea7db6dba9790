import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Key from '@mui/icons-material/Key';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '@fleetgate/contracts';
import { formatDateTime } from '../../components/format/format-date.ts';

type PasskeyListViewProps = {
  passkeys: Passkey[];
  onRename: (passkey: Passkey) => void;
  onRemove: (passkey: Passkey) => void;
};

/** The user's passkeys: name, when added and when last used, with rename and remove. */
export function PasskeyListView({ passkeys, onRename, onRemove }: PasskeyListViewProps) {
  const { t } = useTranslation();
  if (passkeys.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('passkeys.empty')}
      </Typography>
    );
  return (
    <List disablePadding aria-labelledby="passkeys-title">
      {passkeys.map((passkey) => (
        <ListItem
          key={passkey.publicId}
          divider
          disableGutters
          secondaryAction={
            <Stack
              direction="row"
              spacing={0.5}
              role="group"
              aria-label={t('passkeys.actionsOf', { name: passkey.name })}
            >
              <Tooltip title={t('passkeys.rename')}>
                <IconButton
                  aria-label={`${t('passkeys.rename')} ${passkey.name}`}
                  onClick={() => onRename(passkey)}
                >
                  <EditOutlined />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('passkeys.remove')}>
                <IconButton
                  aria-label={`${t('passkeys.remove')} ${passkey.name}`}
                  onClick={() => onRemove(passkey)}
                >
                  <DeleteOutline />
                </IconButton>
              </Tooltip>
            </Stack>
          }
          sx={{ pr: 12 }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Key color="action" />
          </ListItemIcon>
          <ListItemText
            primary={passkey.name}
            slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            secondary={
              <>
                {t('passkeys.created', { date: formatDateTime(passkey.createdOn) })}
                <br />
                {passkey.lastUsedOn
                  ? t('passkeys.lastUsed', { date: formatDateTime(passkey.lastUsedOn) })
                  : t('passkeys.neverUsed')}
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
