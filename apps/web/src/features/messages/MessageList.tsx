import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { InboxMessage } from '@fleetgate/contracts';
import { formatDateTime } from '../../components/format/format-date.ts';

type MessageListProps = {
  messages: InboxMessage[];
  /** Messages that were unread when this page showed them. */
  newIds: ReadonlySet<string>;
};

function MessageItem({ message, isNew }: { message: InboxMessage; isNew: boolean }) {
  const { t } = useTranslation();
  const sentAt = new Date(message.createdAt);
  return (
    <ListItem
      component="article"
      aria-labelledby={`message-${message.publicId}`}
      sx={{
        display: 'block',
        px: { xs: 2, sm: 3 },
        py: 2,
        borderLeft: 4,
        borderLeftColor: isNew ? 'primary.main' : 'transparent',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography
          id={`message-${message.publicId}`}
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: isNew ? 700 : 600, flex: '1 1 240px', minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {message.subject}
        </Typography>
        {isNew && <Chip label={t('messages.new')} color="primary" size="small" />}
        <Typography
          component="time"
          dateTime={message.createdAt}
          variant="body2"
          color="text.secondary"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {formatDateTime(sentAt)}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {message.company?.name ?? t('messages.aboutAccount')}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Typography>
    </ListItem>
  );
}

export function MessageList({ messages, newIds }: MessageListProps) {
  const { t } = useTranslation();
  return (
    <List disablePadding aria-label={t('messages.title')}>
      {messages.map((message, index) => (
        <Box component="li" key={message.publicId} sx={{ listStyle: 'none' }}>
          {index > 0 && <Divider component="div" />}
          <MessageItem message={message} isNew={newIds.has(message.publicId)} />
        </Box>
      ))}
    </List>
  );
}
