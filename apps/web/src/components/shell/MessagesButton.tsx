import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import MailOutline from '@mui/icons-material/MailOutline';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useUnreadCount } from '../../features/messages/use-messages.ts';

/** The mail icon: links to the inbox, with the number of unread messages as a badge. */
export function MessagesButton() {
  const { t } = useTranslation();
  const unread = useUnreadCount().data?.count ?? 0;
  const label = unread > 0 ? t('shell.messagesUnread', { count: unread }) : t('shell.messages');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" component={RouterLink} to="/messages" aria-label={label}>
        <Badge badgeContent={unread} color="secondary" max={99}>
          <MailOutline />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
