import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DataUsageOutlined from '@mui/icons-material/DataUsageOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { lazyPart } from '../../app/lazy-part.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useNotify } from '../../components/notify.tsx';
import { AgentUsageTable } from './AgentUsageTable.tsx';
import { DailyUsageTable } from './DailyUsageTable.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';
import { TopAgents } from './TopAgents.tsx';
import { UsageTotals } from './UsageTotals.tsx';
import { formatBytes } from './format-bytes.ts';
import { resolvePeriod, type PeriodChoice } from './usage-period.ts';
import { downloadUsageCsv, useAgentDataUsage, useDataUsageDays } from './use-usage.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

// The chart library is most of the page's code: the figures show while it loads.
const DailyUsageChart = lazyPart(
  () => import('./DailyUsageChart.tsx'),
  'DailyUsageChart',
  <Box sx={{ height: { xs: 260, sm: 320 } }} />,
);

/** `/usage`: the bytes the relay carried for the company, per day and per agent, over a period. */
export function UsagePage() {
  const { t, i18n } = useTranslation();
  const { notify } = useNotify();
  const [choice, setChoice] = useState<PeriodChoice>({ preset: 30 });
  const [lastGood, setLastGood] = useState<{ from: string; to: string } | null>(null);
  const [showTable, setShowTable] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const resolved = useMemo(() => resolvePeriod(choice), [choice]);
  const period = 'period' in resolved ? resolved.period : null;
  if (period && (period.from !== lastGood?.from || period.to !== lastGood.to)) setLastGood(period);
  // While a custom period is being typed, the last valid one stays on screen.
  const shown = period ?? lastGood;
  const days = useDataUsageDays(shown);
  const agents = useAgentDataUsage(shown);
  const agentRows = agents.data?.pages.flatMap((page) => page.agents) ?? [];

  const totals = useMemo(() => {
    const list = days.data ?? [];
    return {
      bytesIn: list.reduce((sum, day) => sum + day.bytesIn, 0),
      bytesOut: list.reduce((sum, day) => sum + day.bytesOut, 0),
      bytes: list.reduce((sum, day) => sum + day.bytes, 0),
    };
  }, [days.data]);
  const size = (bytes: number) => formatBytes(bytes, i18n.language, (unit) => t(`usage.units.${unit}`));

  const handleDownload = async () => {
    if (!shown) return;
    setDownloading(true);
    try {
      await downloadUsageCsv(shown);
    } catch {
      notify(t('usage.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <PageHeader
        title={t('usage.title')}
        subtitle={t('usage.subtitle')}
        action={
          <Button
            variant="outlined"
            startIcon={<DownloadOutlined />}
            onClick={() => void handleDownload()}
            disabled={!shown || downloading}
          >
            {t('usage.download')}
          </Button>
        }
      />
      <PeriodPicker
        choice={choice}
        shown={shown}
        problem={'problem' in resolved ? resolved : null}
        onChange={setChoice}
      />
      {shown && (
        <Typography variant="body2" color="text.secondary" data-testid="usage-period">
          {t('usage.period.range', { from: shown.from, to: shown.to })}
        </Typography>
      )}
      {(days.isPending || agents.isPending) && shown && (
        <Box sx={{ py: 4, textAlign: 'center' }}>
          <LoadingIndicator size={28} />
        </Box>
      )}
      {(days.isError || agents.isError) && <Alert severity="error">{t('usage.loadFailed')}</Alert>}
      {days.isSuccess && agents.isSuccess && totals.bytes === 0 && (
        <EmptyState icon={DataUsageOutlined} text={t('usage.empty')} />
      )}
      {days.isSuccess && agents.isSuccess && totals.bytes > 0 && shown && (
        <>
          <UsageTotals {...totals} />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <Card variant="outlined" sx={{ p: 2, flex: 2, minWidth: 0 }}>
              <Typography variant="h6" component="h2">
                {t('usage.chart.title')}
              </Typography>
              <DailyUsageChart
                days={days.data}
                label={t('usage.chart.label', {
                  from: shown.from,
                  to: shown.to,
                  total: size(totals.bytes),
                  in: size(totals.bytesIn),
                  out: size(totals.bytesOut),
                })}
              />
              <Button size="small" onClick={() => setShowTable((open) => !open)} aria-expanded={showTable}>
                {showTable ? t('usage.chart.hideTable') : t('usage.chart.showTable')}
              </Button>
              <Collapse in={showTable} unmountOnExit>
                <DailyUsageTable days={days.data} />
              </Collapse>
            </Card>
            {agentRows.length > 0 && <TopAgents agents={agentRows} total={totals.bytes} />}
          </Stack>
          {agentRows.length > 0 && <AgentUsageTable agents={agentRows} />}
          {agents.hasNextPage && (
            <Box>
              <Button onClick={() => void agents.fetchNextPage()} disabled={agents.isFetchingNextPage}>
                {t('usage.agents.more')}
              </Button>
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}
