import { useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  buildGaugeOption,
  buildTimeChartOption,
  formatNumber,
  type Alarm,
  type PageComponent,
  type SampleSeries,
} from '@fleetgate/contracts';
import { lazyPart } from '../../app/lazy-part.tsx';
import { formatDateTime } from '../../components/format/format-date.ts';
import { renderMarkdown } from './markdown.tsx';
import type { PeriodRange } from './period.ts';
import { useAgentAlarms, useSampleSeries, type ShownDevice } from './use-pages.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

const EChart = lazyPart(() => import('./EChart.tsx'), 'EChart', <LoadingIndicator size={24} />);

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function Notice({ children }: { children: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 1, textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {children}
      </Typography>
    </Box>
  );
}

type ViewProps = { component: PageComponent; device: ShownDevice | null; range: PeriodRange };

/**
 * A component's content that may scroll inside its card: focusable, so keyboard users can
 * scroll it too (axe `scrollable-region-focusable`), and named after the component.
 */
function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      tabIndex={0}
      role="group"
      aria-label={label}
      sx={{
        overflow: 'auto',
        height: '100%',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
        // Markdown of text components.
        '& p:first-of-type': { mt: 0 },
        '& pre': { overflow: 'auto' },
      }}
    >
      {children}
    </Box>
  );
}

/** The newest value of a series in the period, with its time. */
export function lastValueOf(series: SampleSeries | undefined): { value: number; time: string } | null {
  const bucket = series?.buckets.at(-1);
  return bucket ? { value: bucket.last, time: bucket.time } : null;
}

function TagsComponent({ component, device, range }: ViewProps) {
  const { t, i18n } = useTranslation();
  const names = useMemo(() => (component.tags ?? []).map((tag) => tag.name), [component.tags]);
  const shownNames = component.kind === 'gauge' || component.kind === 'value' ? names.slice(0, 1) : names;
  const series = useSampleSeries(device, shownNames, range.start, range.end);
  const locale = i18n.language;
  const option = useMemo(() => {
    if (!series.data) return null;
    if (component.kind === 'lineChart' || component.kind === 'barChart')
      return buildTimeChartOption(component.kind, series.data, component.aggregate ?? 'mean', {
        timeZone,
        locale,
        start: range.start.getTime(),
        end: range.end.getTime(),
      });
    if (component.kind === 'gauge') {
      const first = series.data[0];
      return buildGaugeOption(
        first?.name ?? '',
        lastValueOf(first)?.value ?? null,
        first?.tag?.unit ?? '',
        { min: component.min ?? 0, max: component.max ?? 100 },
        { locale },
      );
    }
    return null;
  }, [series.data, component, locale, range]);

  if (shownNames.length === 0) return <Notice>{t('pages.component.noTags')}</Notice>;
  if (device === null) return <Notice>{t('pages.viewer.chooseDevice')}</Notice>;
  if (series.isPending) return <Notice>{t('app.loading')}</Notice>;
  if (series.isError) return <Notice>{t('pages.component.loadFailed')}</Notice>;
  const missing = series.data.find((one) => one.tag === null);
  if (missing && series.data.length === 1)
    return <Notice>{t('pages.component.unknownTag', { name: missing.name })}</Notice>;

  if (component.kind === 'value') {
    const first = series.data[0];
    const last = lastValueOf(first);
    if (!last) return <Notice>{t('pages.component.noData')}</Notice>;
    return (
      // Sized to the card (a container query), so a narrow card shows the value and unit whole.
      <Box
        sx={{
          display: 'grid',
          placeItems: 'center',
          height: '100%',
          textAlign: 'center',
          containerType: 'inline-size',
        }}
      >
        <Box sx={{ maxWidth: '100%', overflowWrap: 'anywhere' }}>
          <Typography
            component="p"
            sx={{ fontSize: 'clamp(1.1rem, 16cqi, 2.4rem)', fontWeight: 600, lineHeight: 1.1 }}
          >
            {formatNumber(last.value, locale)}
            {first?.tag?.unit ? ' ' : null}
            {first?.tag?.unit ? (
              <Typography component="span" sx={{ fontSize: '1rem' }} color="text.secondary">
                {first.tag.unit}
              </Typography>
            ) : null}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(last.time)}
          </Typography>
        </Box>
      </Box>
    );
  }

  if (component.kind === 'table') {
    const times = [...new Set(series.data.flatMap((one) => one.buckets.map((bucket) => bucket.time)))]
      .sort()
      .reverse();
    if (times.length === 0) return <Notice>{t('pages.component.noData')}</Notice>;
    const aggregate = component.aggregate ?? 'mean';
    const byName = series.data.map(
      (one) => new Map(one.buckets.map((bucket) => [bucket.time, bucket[aggregate]])),
    );
    return (
      <ScrollArea label={component.title ?? t('pages.kinds.table')}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{t('pages.component.time')}</TableCell>
              {series.data.map((one) => (
                <TableCell key={one.name} align="right">
                  {one.tag?.unit ? `${one.name} (${one.tag.unit})` : one.name}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {times.map((time) => (
              <TableRow key={time}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(time)}</TableCell>
                {byName.map((values, index) => (
                  <TableCell key={series.data[index]!.name} align="right">
                    {formatNumber(values.get(time), locale)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollArea>
    );
  }

  if (!option) return <Notice>{t('pages.component.noData')}</Notice>;
  return <EChart option={option} label={component.title ?? t(`pages.kinds.${component.kind}`)} />;
}

/** The alarms of the device raised in the period (or still open from before it). */
export function alarmsInPeriod(
  alarms: readonly Alarm[],
  range: PeriodRange,
  tagNames: readonly string[],
): Alarm[] {
  const start = range.start.getTime();
  const end = range.end.getTime();
  return alarms
    .filter((alarm) => {
      const raised = Date.parse(alarm.raisedOn);
      const cleared = alarm.clearedOn ? Date.parse(alarm.clearedOn) : Infinity;
      return raised <= end && cleared >= start;
    })
    .filter((alarm) => tagNames.length === 0 || tagNames.includes(alarm.tag.name))
    .sort((a, b) => b.raisedOn.localeCompare(a.raisedOn));
}

const stateColours = { active: 'error', acknowledged: 'warning', cleared: 'default' } as const;

function AlarmsComponent({ component, device, range }: ViewProps) {
  const { t, i18n } = useTranslation();
  const agentId = device?.kind === 'agent' ? device.publicId : null;
  const alarms = useAgentAlarms(agentId);
  const names = useMemo(() => (component.tags ?? []).map((tag) => tag.name), [component.tags]);
  if (agentId === null) return <Notice>{t('pages.component.alarmsNeedDevice')}</Notice>;
  if (alarms.isPending) return <Notice>{t('app.loading')}</Notice>;
  if (alarms.isError) return <Notice>{t('pages.component.loadFailed')}</Notice>;
  const shown = alarmsInPeriod(alarms.data, range, names);
  if (shown.length === 0) return <Notice>{t('pages.component.noAlarms')}</Notice>;
  return (
    <ScrollArea label={component.title ?? t('pages.kinds.alarms')}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            <TableCell>{t('pages.component.raised')}</TableCell>
            <TableCell>{t('pages.component.tag')}</TableCell>
            <TableCell align="right">{t('pages.component.value')}</TableCell>
            <TableCell>{t('pages.component.state')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((alarm) => (
            <TableRow key={alarm.publicId}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(alarm.raisedOn)}</TableCell>
              <TableCell>
                {alarm.condition.name} · {alarm.tag.name}
              </TableCell>
              <TableCell align="right">
                {formatNumber(alarm.value, i18n.language)} {alarm.tag.unit}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={stateColours[alarm.state]}
                  label={t(`pages.component.states.${alarm.state}`)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollArea>
  );
}

/** One component's content, without its card (the grid and the builder frame it). */
export function PageComponentView(props: ViewProps) {
  const { component } = props;
  const { t } = useTranslation();
  if (component.kind === 'text')
    return (
      <ScrollArea label={component.title ?? t('pages.kinds.text')}>
        {renderMarkdown(component.text ?? '')}
      </ScrollArea>
    );
  if (component.kind === 'alarms') return <AlarmsComponent {...props} />;
  return <TagsComponent {...props} />;
}
