import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useShellSearch } from '../../components/shell/use-shell-search.ts';
import { AuditEntryRow } from './AuditEntryRow.tsx';
import { useAuditLogs, type AuditAction } from './use-audit-logs.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SignInsTab } from './SignInsTab.tsx';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

const actions: AuditAction[] = ['CREATE', 'UPDATE', 'DELETE'];

type AuditTab = 'changes' | 'sign-ins';

/** `/audit-trail`: the company's changes, and (`?tab=sign-ins`) its members' sign-ins. */
export function AuditTrailPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // In the address, so a link or a reload opens the same tab.
  const tab: AuditTab = params.get('tab') === 'sign-ins' ? 'sign-ins' : 'changes';

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <PageHeader title={t('auditTrail.title')} subtitle={t('auditTrail.subtitle')} />
      <Tabs
        value={tab}
        onChange={(_event, value: AuditTab) => setParams(value === 'changes' ? {} : { tab: value })}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="changes" label={t('signInHistory.audit.changesTab')} />
        <Tab value="sign-ins" label={t('signInHistory.audit.signInsTab')} />
      </Tabs>
      {tab === 'changes' ? <ChangesTab /> : <SignInsTab />}
    </Stack>
  );
}

/** The audit entries, newest first, narrowed by action and the top-bar search. */
function ChangesTab() {
  const { t } = useTranslation();
  const search = useShellSearch();
  const [action, setAction] = useState<AuditAction | ''>('');
  const logs = useAuditLogs(action, search);
  const entries = logs.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label={t('auditTrail.action')}
        value={action}
        onChange={(event) => setAction(event.target.value as AuditAction | '')}
        sx={{ width: 200 }}
      >
        <MenuItem value="">{t('auditTrail.allActions')}</MenuItem>
        {actions.map((a) => (
          <MenuItem key={a} value={a}>
            {t(`auditTrail.actions.${a}`)}
          </MenuItem>
        ))}
      </TextField>
      <Card variant="outlined" sx={{ px: 2 }}>
        {logs.isPending && (
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <LoadingIndicator size={28} />
          </Box>
        )}
        {logs.isError && (
          <Alert severity="error" sx={{ my: 2 }}>
            {t('auditTrail.loadFailed')}
          </Alert>
        )}
        {logs.isSuccess && entries.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 3 }}>
            {t('auditTrail.empty')}
          </Typography>
        )}
        {entries.map((entry) => (
          <AuditEntryRow key={entry.publicId} entry={entry} />
        ))}
      </Card>
      {logs.hasNextPage && (
        <Box>
          <Button onClick={() => void logs.fetchNextPage()} disabled={logs.isFetchingNextPage}>
            {t('auditTrail.showOlder')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
