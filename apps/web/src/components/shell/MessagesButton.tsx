import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import MailOutline from '@mui/icons-material/MailOutline';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useUnreadCount } from '../../features/messages/use-messages.ts';

const maxShown = 99;

/** The mail icon: links to the inbox, with the number of unread messages as a badge. */
export function MessagesButton() {
  const { t } = useTranslation();
  const unread = useUnreadCount().data?.count ?? 0;
  // The name says the number the badge shows ("99+" beyond the badge's maximum).
  const shown = unread > maxShown ? `${maxShown}+` : String(unread);
  const label = unread > 0 ? t('shell.messagesUnread', { count: unread, shown }) : t('shell.messages');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" component={RouterLink} to="/messages" aria-label={label}>
        {/* No badge at all when nothing is unread: a hidden badge keeps its last number in the
            page, which then no longer matches the button's name. */}
        {unread > 0 ? (
          <Badge badgeContent={unread} color="secondary" max={maxShown}>
            <MailOutline />
          </Badge>
        ) : (
          <MailOutline />
        )}
      </IconButton>
    </Tooltip>
  );
}
