import {
  addDays,
  dayNumber,
  daysBetween,
  daysOf,
  isIsoDay,
  lastDays,
  usageDefaultDays,
  usageErrorMessages,
  usageMaxDays,
  type AgentDataUsage,
  type DataUsageDay,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { decodeKeyset, encodeKeyset, parsePageSize } from '../../http/paging.ts';
import {
  listAgentUsage,
  listAgentUsageDays,
  listCompanyUsageDays,
  type AgentUsageCursor,
  type AgentUsageRow,
  type Period,
} from './usage.repository.ts';

function queryDay(query: Record<string, unknown>, name: 'from' | 'to'): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !isIsoDay(value)) throw badRequest(usageErrorMessages.invalidDate, name);
  return value;
}

/**
 * The period of `from` and `to` (UTC days, both included). Without them: the last 30 days; with
 * only one of them, 30 days from or up to it.
 */
export function parsePeriod(query: Record<string, unknown>, now = new Date()): Period {
  const from = queryDay(query, 'from');
  const to = queryDay(query, 'to');
  const period =
    from !== undefined && to !== undefined
      ? { from, to }
      : from !== undefined
        ? { from, to: addDays(from, usageDefaultDays - 1) }
        : to !== undefined
          ? { from: addDays(to, -(usageDefaultDays - 1)), to }
          : lastDays(usageDefaultDays, now);
  // A period derived from one end may leave the years PostgreSQL takes (`to` in January of year 1).
  if (!isIsoDay(period.from)) throw badRequest(usageErrorMessages.invalidDate, 'to');
  if (!isIsoDay(period.to)) throw badRequest(usageErrorMessages.invalidDate, 'from');
  if (dayNumber(period.from) > dayNumber(period.to)) throw badRequest(usageErrorMessages.fromAfterTo, 'from');
  if (daysBetween(period.from, period.to) > usageMaxDays)
    throw badRequest(usageErrorMessages.periodTooLong, 'to');
  return period;
}

/** Every day of the period, zeros where nothing was counted. */
export async function companyUsageDays(db: Db, companyId: number, period: Period): Promise<DataUsageDay[]> {
  const rows = new Map((await listCompanyUsageDays(db, companyId, period)).map((row) => [row.day, row]));
  return daysOf(period).map((day) => {
    const row = rows.get(day);
    return {
      day,
      bytesIn: Number(row?.bytes_in ?? 0),
      bytesOut: Number(row?.bytes_out ?? 0),
      bytes: Number(row?.bytes ?? 0),
    };
  });
}

function presentAgentUsage(row: AgentUsageRow): AgentDataUsage {
  return {
    agent: { publicId: row.public_id, name: row.name },
    bytesIn: Number(row.bytes_in),
    bytesOut: Number(row.bytes_out),
    bytes: Number(row.bytes),
  };
}

function encodeAgentCursor(cursor: AgentUsageCursor): string {
  return encodeKeyset(cursor.bytes, cursor.publicId);
}

function decodeAgentCursor(raw: unknown): AgentUsageCursor | null {
  if (raw === undefined) return null;
  const [bytes, publicId] = decodeKeyset(raw);
  if (typeof bytes !== 'string' || !/^\d{1,30}$/.test(bytes))
    throw badRequest('Invalid page cursor', 'page-after');
  return { bytes, publicId };
}

/** One page of the agents' totals over the period, most traffic first. */
export async function agentUsagePage(
  db: Db,
  companyId: number,
  period: Period,
  query: Record<string, unknown>,
): Promise<{ data: AgentDataUsage[]; moreAfter: string | null }> {
  const size = parsePageSize(query['page-size']);
  const after = decodeAgentCursor(query['page-after']);
  const rows = await listAgentUsage(db, companyId, period, { size, after });
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  const moreAfter =
    rows.length > size && last ? encodeAgentCursor({ bytes: last.bytes, publicId: last.public_id }) : null;
  return { data: page.map(presentAgentUsage), moreAfter };
}

/** A CSV cell: quoted when needed; text a spreadsheet would run as a formula is prefixed with '. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvHeader = ['day', 'agentPublicId', 'agentName', 'bytesIn', 'bytesOut', 'bytes'];

/**
 * One row per day and agent with traffic; a row without an agent holds what no current agent
 * accounts for that day (deleted agents, days before per-agent counting), so the rows of a day
 * add up to the company's total.
 */
export async function usageCsv(db: Db, companyId: number, period: Period): Promise<string> {
  const [days, agentRows] = await Promise.all([
    companyUsageDays(db, companyId, period),
    listAgentUsageDays(db, companyId, period),
  ]);
  const byDay = Map.groupBy(agentRows, (row) => row.day);
  const lines = [csvHeader.join(',')];
  for (const day of days) {
    const rows = byDay.get(day.day) ?? [];
    let [bytesIn, bytesOut, bytes] = [day.bytesIn, day.bytesOut, day.bytes];
    for (const row of rows) {
      lines.push([day.day, row.public_id, cell(row.name), row.bytes_in, row.bytes_out, row.bytes].join(','));
      bytesIn -= Number(row.bytes_in);
      bytesOut -= Number(row.bytes_out);
      bytes -= Number(row.bytes);
    }
    if (bytes > 0)
      lines.push([day.day, '', '', Math.max(bytesIn, 0), Math.max(bytesOut, 0), bytes].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
