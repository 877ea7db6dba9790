import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MailOutline from '@mui/icons-material/MailOutline';
import { useTranslation } from 'react-i18next';
import { MessageList } from './MessageList.tsx';
import { useInbox, useMarkMessagesRead } from './use-messages.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

/** The inbox: messages are marked read as soon as they are shown; new ones stay highlighted here. */
export function MessagesPage() {
  const { t } = useTranslation();
  const inbox = useInbox();
  const markRead = useMarkMessagesRead();
  const { mutate: markMessagesRead } = markRead;
  const requested = useRef(new Set<string>());
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());

  const messages = useMemo(() => inbox.data?.pages.flatMap((page) => page.messages) ?? [], [inbox.data]);

  useEffect(() => {
    const unread = messages
      .filter((m) => !m.read && !requested.current.has(m.publicId))
      .map((m) => m.publicId);
    if (unread.length === 0) return;
    for (const id of unread) requested.current.add(id);
    setNewIds((current) => new Set([...current, ...unread]));
    markMessagesRead(unread);
  }, [messages, markMessagesRead]);

  return (
    <Stack spacing={3}>
      <PageHeader title={t('messages.title')} subtitle={t('messages.subtitle')} />
      {inbox.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <LoadingIndicator />
        </Box>
      )}
      {inbox.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void inbox.refetch()}>
              {t('messages.retry')}
            </Button>
          }
        >
          {t('messages.loadFailed')}
        </Alert>
      )}
      {inbox.isSuccess && messages.length === 0 && (
        <Card>
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', p: { xs: 3, sm: 5 } }}>
            <MailOutline color="disabled" sx={{ fontSize: 48 }} />
            <Typography color="text.secondary">{t('messages.empty')}</Typography>
          </Stack>
        </Card>
      )}
      {messages.length > 0 && (
        <Card>
          <MessageList messages={messages} newIds={newIds} />
        </Card>
      )}
      {inbox.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button
            variant="outlined"
            onClick={() => void inbox.fetchNextPage()}
            disabled={inbox.isFetchingNextPage}
          >
            {t('messages.loadMore')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
