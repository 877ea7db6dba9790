import type { SampleSeries } from './data-logging.ts';

/**
 * ECharts options for the page components that are charts, built the same way for the web app
 * (canvas, interactive) and for the server's PDF reports (SVG), so a dashboard and its report
 * look alike. Pure: imports nothing from ECharts; the caller hands the object to `setOption`.
 */
export type ChartAggregate = 'mean' | 'min' | 'max' | 'last';

export type ChartStyle = {
  /** IANA time zone the time axis is labelled in (the browser's, or the report's). */
  timeZone: string;
  /** Locale for numbers and dates, e.g. `en` or `de`. */
  locale?: string;
  /** false for server rendering: no animation, no tooltips. */
  interactive?: boolean;
  /** The start and end of the period shown, in ms, so an empty period still has an axis. */
  start: number;
  end: number;
};

const palette = ['#1565c0', '#c62828', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#ad1457', '#4e342e'];

/** A short date-time label in the given zone: time only within a day, date and time beyond. */
export function timeLabelFormatter(style: Pick<ChartStyle, 'timeZone' | 'locale' | 'start' | 'end'>) {
  const withinDay = style.end - style.start <= 36 * 3600 * 1000;
  const format = new Intl.DateTimeFormat(style.locale ?? 'en', {
    timeZone: style.timeZone,
    ...(withinDay
      ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
      : { month: 'short', day: 'numeric', hour: '2-digit', hourCycle: 'h23' }),
  });
  return (value: number) => format.format(new Date(value));
}

function seriesLabel(series: SampleSeries) {
  const unit = series.tag?.unit;
  return unit ? `${series.name} (${unit})` : series.name;
}

/** A line or bar chart of one aggregate per bucket, one series per tag. */
export function buildTimeChartOption(
  kind: 'lineChart' | 'barChart',
  series: readonly SampleSeries[],
  aggregate: ChartAggregate,
  style: ChartStyle,
): Record<string, unknown> {
  const interactive = style.interactive ?? true;
  const formatTime = timeLabelFormatter(style);
  return {
    animation: false,
    color: palette,
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, type: interactive ? 'scroll' : 'plain' },
    tooltip: interactive
      ? { trigger: 'axis', valueFormatter: (value: unknown) => formatNumber(value, style.locale) }
      : undefined,
    xAxis: {
      type: 'time',
      min: style.start,
      max: style.end,
      axisLabel: { formatter: formatTime, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      scale: true,
      axisLabel: { formatter: (v: number) => formatNumber(v, style.locale) },
    },
    series: series.map((one) => ({
      name: seriesLabel(one),
      type: kind === 'barChart' ? 'bar' : 'line',
      showSymbol: false,
      connectNulls: false,
      sampling: kind === 'lineChart' ? 'lttb' : undefined,
      data: one.buckets.map((bucket) => [Date.parse(bucket.time), bucket[aggregate]]),
    })),
  };
}

/** A gauge of one value between min and max. */
export function buildGaugeOption(
  label: string,
  value: number | null,
  unit: string,
  range: { min: number; max: number },
  style: Pick<ChartStyle, 'locale' | 'interactive'>,
): Record<string, unknown> {
  return {
    animation: style.interactive ?? true,
    series: [
      {
        type: 'gauge',
        min: range.min,
        max: range.max,
        progress: { show: true, width: 12 },
        axisLine: { lineStyle: { width: 12 } },
        axisTick: { show: false },
        splitLine: { length: 8 },
        axisLabel: { distance: 16, fontSize: 10 },
        pointer: { show: value !== null },
        title: { offsetCenter: [0, '75%'], fontSize: 12 },
        detail: {
          valueAnimation: style.interactive ?? true,
          offsetCenter: [0, '40%'],
          fontSize: 18,
          formatter: () =>
            value === null ? '–' : `${formatNumber(value, style.locale)}${unit ? ` ${unit}` : ''}`,
        },
        data: [{ value: value ?? range.min, name: label }],
      },
    ],
  };
}

/** Numbers as a person reads them: up to 3 decimals, grouped by the locale. */
export function formatNumber(value: unknown, locale = 'en'): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '–';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(value);
}
