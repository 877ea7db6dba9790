import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { init, use as registerParts, type ComposeOption, type EChartsType } from 'echarts/core';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  AriaComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type DatasetComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { DataUsageDay } from '@fleetgate/contracts';
import { formatBytes } from './format-bytes.ts';

// Only what this chart draws, so its chunk stays small.
registerParts([
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DatasetComponent,
  AriaComponent,
  SVGRenderer,
]);

type Option = ComposeOption<
  | BarSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DatasetComponentOption
>;

type DailyUsageChartProps = {
  days: DataUsageDay[];
  /** What the chart shows, in words, for screen readers (the table below has the figures). */
  label: string;
};

/** Stacked daily bars: bytes in and out (and, for old days, bytes without a direction). */
export function DailyUsageChart({ days, label }: DailyUsageChartProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const instance = init(node, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const unit = (u: string) => t(`usage.units.${u}` as 'usage.units.B');
    const bytes = (value: unknown) => formatBytes(Number(value), i18n.language, unit);
    const shortDay = new Intl.DateTimeFormat(i18n.language, {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const undirected = days.map((day) => Math.max(day.bytes - day.bytesIn - day.bytesOut, 0));
    const hasUndirected = undirected.some((value) => value > 0);
    const source = days.map((day, index) => [day.day, day.bytesIn, day.bytesOut, undirected[index]]);
    const { palette } = theme;
    const bar = (name: string, dimension: number, color: string): BarSeriesOption => ({
      type: 'bar',
      name,
      stack: 'bytes',
      encode: { x: 0, y: dimension },
      itemStyle: { color },
      barMaxWidth: 28,
      emphasis: { focus: 'series' },
    });
    const series = [
      bar(t('usage.chart.in'), 1, palette.primary.main),
      bar(t('usage.chart.out'), 2, palette.secondary.main),
      ...(hasUndirected ? [bar(t('usage.chart.undirected'), 3, palette.grey[500])] : []),
    ];
    const option: Option = {
      animation: false,
      aria: { enabled: true, label: { description: label } },
      textStyle: { fontFamily: theme.typography.fontFamily, color: palette.text.secondary },
      dataset: { source },
      legend: { top: 0, textStyle: { color: palette.text.primary } },
      grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        backgroundColor: palette.background.paper,
        borderColor: palette.divider,
        textStyle: { color: palette.text.primary },
        valueFormatter: bytes,
      },
      xAxis: {
        type: 'category',
        axisLine: { lineStyle: { color: palette.divider } },
        axisLabel: {
          color: palette.text.secondary,
          hideOverlap: true,
          margin: 12,
          formatter: (value: string) => shortDay.format(Date.parse(`${value}T00:00:00Z`)),
        },
      },
      yAxis: {
        type: 'value',
        splitLine: { lineStyle: { color: palette.divider } },
        axisLabel: { color: palette.text.secondary, formatter: (value: number) => bytes(value) },
      },
      series,
    };
    chart.current?.setOption(option, { notMerge: true });
  }, [days, label, theme, t, i18n.language]);

  return (
    <Box ref={element} role="img" aria-label={label} sx={{ width: '100%', height: { xs: 260, sm: 320 } }} />
  );
}
