import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import * as echarts from 'echarts';
import MarkdownIt from 'markdown-it';
import {
  buildGaugeOption,
  buildTimeChartOption,
  formatNumber,
  type PageComponent,
  type SampleSeries,
} from '@fleetgate/contracts';

/** What one report shows, already read from the database. */
export type ReportContent = {
  title: string;
  deviceName: string;
  start: Date;
  end: Date;
  timeZone: string;
  generatedAt: Date;
  components: RenderedComponent[];
};

export type RenderedComponent =
  | { kind: 'lineChart' | 'barChart'; title: string; series: SampleSeries[]; aggregate: ChartAggregateName }
  | { kind: 'gauge'; title: string; value: number | null; unit: string; min: number; max: number }
  | { kind: 'value'; title: string; values: { name: string; value: number | null; unit: string }[] }
  | { kind: 'table'; title: string; series: SampleSeries[] }
  | {
      kind: 'alarms';
      title: string;
      alarms: { raisedAt: Date; clearedAt: Date | null; severity: string; tag: string; value: number }[];
    }
  | { kind: 'text'; title: string; text: string };

type ChartAggregateName = NonNullable<PageComponent['aggregate']>;

const margin = 48;
const pageWidth = 595.28; // A4
const pageHeight = 841.89;
const contentWidth = pageWidth - 2 * margin;
const chartHeight = 220;
/** Rows of one table component at most; a longer period is summarised by its buckets already. */
const maxTableRows = 500;

/** A date and time in the report's zone, e.g. `2026-11-24 13:05`. */
export function formatInZone(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The period line of the report's header, in its time zone. */
export function periodText(start: Date, end: Date, timeZone: string) {
  return `${formatInZone(start, timeZone)} – ${formatInZone(end, timeZone)} (${timeZone})`;
}

/** An ECharts option rendered on the server to an SVG string (no DOM, no animation). */
function chartSvg(option: Record<string, unknown>, width: number, height: number) {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/**
 * Renders the report to a PDF (A4, vector charts) and answers its bytes. `onProgress` is told
 * the share (0–1) of components drawn, so the job can show its progress.
 */
export async function renderReportPdf(
  content: ReportContent,
  onProgress: (share: number) => Promise<void> = async () => {},
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    info: { Title: content.title, Creator: 'Fleetgate', CreationDate: content.generatedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text(content.title);
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(11).text(content.deviceName);
  doc.text(periodText(content.start, content.end, content.timeZone));
  doc
    .fontSize(9)
    .fillColor('#555555')
    .text(`Generated ${formatInZone(content.generatedAt, content.timeZone)} (${content.timeZone})`)
    .fillColor('black');
  doc.moveDown();

  const style = {
    timeZone: content.timeZone,
    interactive: false,
    start: content.start.getTime(),
    end: content.end.getTime(),
  };
  for (const [index, component] of content.components.entries()) {
    drawComponent(doc, component, style);
    await onProgress((index + 1) / content.components.length);
  }
  if (content.components.length === 0) doc.fontSize(11).text('This page has no components.');
  doc.end();
  return finished;
}

function ensureSpace(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > pageHeight - margin) doc.addPage();
}

function heading(doc: PDFKit.PDFDocument, title: string) {
  if (!title) return;
  ensureSpace(doc, 40);
  doc.font('Helvetica-Bold').fontSize(13).text(title, margin, doc.y);
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
}

function drawSvg(doc: PDFKit.PDFDocument, svg: string, height: number) {
  ensureSpace(doc, height);
  const top = doc.y;
  SVGtoPDF(doc, svg, margin, top, { width: contentWidth, height, assumePt: true });
  doc.x = margin;
  doc.y = top + height + 8;
}

function drawComponent(
  doc: PDFKit.PDFDocument,
  component: RenderedComponent,
  style: { timeZone: string; interactive: boolean; start: number; end: number },
) {
  switch (component.kind) {
    case 'lineChart':
    case 'barChart': {
      heading(doc, component.title);
      const option = buildTimeChartOption(component.kind, component.series, component.aggregate, style);
      drawSvg(doc, chartSvg(option, Math.round(contentWidth), chartHeight), chartHeight);
      break;
    }
    case 'gauge': {
      heading(doc, component.title);
      const option = buildGaugeOption(
        component.title,
        component.value,
        component.unit,
        { min: component.min, max: component.max },
        { interactive: false },
      );
      drawSvg(doc, chartSvg(option, 260, 200), 200);
      break;
    }
    case 'value': {
      heading(doc, component.title);
      for (const one of component.values) {
        ensureSpace(doc, 20);
        const shown = one.value === null ? '–' : formatNumber(one.value);
        doc.fontSize(12).text(`${one.name}: ${shown}${one.unit && one.value !== null ? ` ${one.unit}` : ''}`);
      }
      doc.moveDown();
      break;
    }
    case 'table':
      heading(doc, component.title);
      drawTable(doc, component.series, style.timeZone);
      break;
    case 'alarms':
      heading(doc, component.title);
      drawRows(
        doc,
        ['Raised', 'Cleared', 'Severity', 'Tag', 'Value'],
        component.alarms.map((alarm) => [
          formatInZone(alarm.raisedAt, style.timeZone),
          alarm.clearedAt ? formatInZone(alarm.clearedAt, style.timeZone) : '–',
          alarm.severity,
          alarm.tag,
          formatNumber(alarm.value),
        ]),
        'No alarms in this period.',
      );
      break;
    case 'text':
      heading(doc, component.title);
      drawMarkdown(doc, component.text);
      break;
  }
}

function drawTable(doc: PDFKit.PDFDocument, series: SampleSeries[], timeZone: string) {
  const times = [...new Set(series.flatMap((one) => one.buckets.map((bucket) => bucket.time)))].sort();
  const columns = [
    'Time',
    ...series.map((one) => (one.tag?.unit ? `${one.name} (${one.tag.unit})` : one.name)),
  ];
  const byTime = series.map((one) => new Map(one.buckets.map((bucket) => [bucket.time, bucket.mean])));
  const rows = times
    .slice(0, maxTableRows)
    .map((time) => [
      formatInZone(new Date(time), timeZone),
      ...byTime.map((values) => formatNumber(values.get(time))),
    ]);
  drawRows(doc, columns, rows, 'No values in this period.');
  if (times.length > maxTableRows) doc.fontSize(9).text(`… ${times.length - maxTableRows} more rows`);
}

function drawRows(doc: PDFKit.PDFDocument, columns: string[], rows: string[][], empty: string) {
  if (rows.length === 0) {
    doc.fontSize(10).text(empty);
    doc.moveDown();
    return;
  }
  const width = contentWidth / columns.length;
  const line = (cells: string[], bold: boolean) => {
    ensureSpace(doc, 16);
    const top = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, index) =>
      doc.text(cell, margin + index * width, top, { width: width - 4, lineBreak: false, ellipsis: true }),
    );
    doc.x = margin;
    doc.y = top + 14;
  };
  line(columns, true);
  for (const row of rows) line(row, false);
  doc.font('Helvetica').moveDown();
}

const markdown = new MarkdownIt({ html: false, linkify: false });

/** Markdown by its tokens: headings, paragraphs and list items as text, no HTML. */
function drawMarkdown(doc: PDFKit.PDFDocument, text: string) {
  const tokens = markdown.parse(text, {});
  let size = 10;
  let bold = false;
  let bullet = '';
  const ordered: number[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'heading_open':
        size = token.tag === 'h1' ? 16 : token.tag === 'h2' ? 14 : 12;
        bold = true;
        break;
      case 'heading_close':
        size = 10;
        bold = false;
        break;
      case 'bullet_list_open':
        ordered.push(0);
        break;
      case 'ordered_list_open':
        ordered.push(1);
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        ordered.pop();
        break;
      case 'list_item_open': {
        const depth = ordered.length - 1;
        const counter = ordered[depth] ?? 0;
        bullet = `${'  '.repeat(Math.max(0, depth))}${counter > 0 ? `${counter}.` : '•'} `;
        if (counter > 0) ordered[depth] = counter + 1;
        break;
      }
      case 'inline': {
        const plain = (token.children ?? [])
          .map((child) =>
            child.type === 'text' || child.type === 'code_inline'
              ? child.content
              : child.type === 'softbreak' || child.type === 'hardbreak'
                ? '\n'
                : '',
          )
          .join('');
        ensureSpace(doc, size * 2);
        doc
          .font(bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(size)
          .text(`${bullet}${plain}`, margin, doc.y, { width: contentWidth });
        bullet = '';
        doc.moveDown(0.3);
        break;
      }
      case 'fence':
      case 'code_block':
        doc.font('Courier').fontSize(9).text(token.content, margin, doc.y, { width: contentWidth });
        doc.font('Helvetica').moveDown(0.3);
        break;
    }
  }
  doc.fontSize(10).moveDown();
}
