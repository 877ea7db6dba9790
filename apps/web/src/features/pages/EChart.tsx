import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { init, use as registerECharts, type ECharts } from 'echarts/core';
import { BarChart, GaugeChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the page components draw, so the chunk stays small; loaded with the first chart.
registerECharts([
  LineChart,
  BarChart,
  GaugeChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** An ECharts canvas filling its box; `option` comes from the builders in chart-options.ts. */
export function EChart({ option, label }: { option: Record<string, unknown>; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <Box ref={box} role="img" aria-label={label} sx={{ width: '100%', height: '100%', minHeight: 120 }} />
  );
}
