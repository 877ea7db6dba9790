import { parseArgs } from 'node:util';
import { isLicenceTypeKey, licenceTypeCatalogue, type LicenceTypeKey } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { publicIdPattern } from '../../http/ids.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { licenceTypeName } from './licence.presenter.ts';
import { listAllLicences, setLicenceValidUntil } from './licence.repository.ts';
import { createCoupon, grantLicence, licenceRel } from './licence.service.ts';

export type CommandIo = { log: (line: string) => void; error: (line: string) => void };

const types = licenceTypeCatalogue.map((t) => t.publicId).join('|');

export const licenceUsage = `  fleetgate-server licence grant --company <company id or name> --type ${types}
                  --seats <n> --until <YYYY-MM-DD>
  fleetgate-server licence list [--company <company id or name>]
  fleetgate-server licence extend --licence <licence id> --until <YYYY-MM-DD>
  fleetgate-server coupon create --type ${types} --days <n>`;

export const licenceHelp = `licence          the operator's licences: grant a company a licence (prints its id; valid from
                 now up to and including --until, UTC), list them with their seats in use, or
                 move a licence's end. A bundle type (loggingAlarming) activates both apps on
                 an agent with one seat.
coupon           prints a new single-use coupon code once (only its hash is stored). A company
                 uses it to activate an app on an agent for --days days, or to extend a
                 licence of the same type by --days days.`;

export const maxSeats = 100_000;
export const maxDays = 3650;

class UsageError extends Error {}
class CommandError extends Error {}

function parse<T extends Record<string, { type: 'string' }>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function required(value: string | undefined, option: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`Give ${option}.`);
  return value.trim();
}

function licenceType(value: string | undefined): LicenceTypeKey {
  const type = required(value, '--type');
  if (!isLicenceTypeKey(type)) throw new UsageError(`--type is one of ${types}.`);
  return type;
}

function wholeNumber(value: string | undefined, option: string, max: number): number {
  const text = required(value, option);
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max)
    throw new UsageError(`${option} is a whole number from 1 to ${max}.`);
  return n;
}

/** `--until 2027-12-31`: the licence is valid up to and including that day (UTC). */
function endOfDay(value: string | undefined, now: Date): Date {
  const text = required(value, '--until');
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const day = match
    ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    : undefined;
  if (!day || day.toISOString().slice(0, 10) !== text)
    throw new UsageError('--until is a date like 2027-12-31.');
  const end = new Date(day.getTime() + 24 * 3600 * 1000 - 1);
  if (end.getTime() <= now.getTime()) throw new UsageError('--until must be today or later.');
  if (end.getFullYear() > now.getFullYear() + 100)
    throw new UsageError('--until is more than 100 years away.');
  return end;
}

/** A company by its id or its exact name (case-insensitive); an ambiguous name lists the candidates. */
async function findCompany(db: Db, idOrName: string) {
  const byId = publicIdPattern.test(idOrName)
    ? await db
        .selectFrom('companies')
        .select(['id', 'public_id', 'name'])
        .where('public_id', '=', idOrName)
        .executeTakeFirst()
    : undefined;
  if (byId) return byId;
  const byName = await db
    .selectFrom('companies')
    .select(['id', 'public_id', 'name'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', idOrName.toLowerCase()))
    .orderBy('public_id')
    .limit(10)
    .execute();
  if (byName.length === 1) return byName[0]!;
  if (byName.length === 0) throw new CommandError(`No company has the id or name "${idOrName}".`);
  throw new CommandError(
    `Several companies are named "${idOrName}"; give one of their ids: ${byName.map((c) => c.public_id).join(', ')}.`,
  );
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** `licence grant|list|extend`; resolves with the exit code. */
export async function licenceCommand(
  db: Db,
  sub: string | undefined,
  args: string[],
  io: CommandIo,
  now = new Date(),
) {
  return run(io, async () => {
    switch (sub) {
      case 'grant': {
        const values = parse(args, {
          company: { type: 'string' },
          type: { type: 'string' },
          seats: { type: 'string' },
          until: { type: 'string' },
        });
        const companyName = required(values.company, '--company');
        const type = licenceType(values.type);
        const seats = wholeNumber(values.seats, '--seats', maxSeats);
        const validUntil = endOfDay(values.until, now);
        const company = await findCompany(db, companyName);
        const licence = await runInTransaction(db, (trx) =>
          grantLicence(trx, { companyId: company.id, type, seats, validUntil, grantedBy: 'operator' }, now),
        );
        io.log(licence.publicId);
        return 0;
      }
      case 'list': {
        const values = parse(args, { company: { type: 'string' } });
        const company =
          values.company === undefined ? null : await findCompany(db, required(values.company, '--company'));
        const rows = await listAllLicences(db, company?.id ?? null);
        if (rows.length === 0) io.log('No licences yet.');
        for (const row of rows) {
          const expired = row.valid_until.getTime() < now.getTime() ? '  expired' : '';
          io.log(
            `${row.public_id}  ${row.company_name} (${row.company_public_id})  ${row.type}  ${row.seats_used}/${row.seats} seats used  ${day(row.valid_from)} to ${day(row.valid_until)}${expired}`,
          );
        }
        return 0;
      }
      case 'extend': {
        const values = parse(args, { licence: { type: 'string' }, until: { type: 'string' } });
        const publicId = required(values.licence, '--licence');
        if (!publicIdPattern.test(publicId))
          throw new UsageError('--licence takes an id of 12 characters [0-9a-z].');
        const validUntil = endOfDay(values.until, now);
        const row = await runInTransaction(db, async (trx) => {
          const licence = await trx
            .selectFrom('licences')
            .selectAll()
            .where('public_id', '=', publicId)
            .forUpdate()
            .executeTakeFirst();
          if (!licence) throw new CommandError(`No licence has the id ${publicId}.`);
          await setLicenceValidUntil(trx, licence.id, validUntil);
          await writeAudit(trx, {
            companyId: licence.company_id,
            actorUserId: null,
            action: 'UPDATE',
            rel: licenceRel(licence.type),
            publicId,
            before: { validUntil: licence.valid_until.toISOString() },
            after: { validUntil: validUntil.toISOString() },
            clientAddress: null,
          });
          return licence;
        });
        io.log(`${licenceTypeName(row.type)} licence ${publicId} is now valid until ${day(validUntil)}.`);
        return 0;
      }
      case undefined:
      default:
        throw new UsageError(`Unknown licence command "${sub ?? ''}".`);
    }
  });
}

/** `coupon create --type … --days …`: prints the code, once. */
export async function couponCommand(db: Db, sub: string | undefined, args: string[], io: CommandIo) {
  return run(io, async () => {
    if (sub !== 'create') throw new UsageError(`Unknown coupon command "${sub ?? ''}".`);
    const values = parse(args, { type: { type: 'string' }, days: { type: 'string' } });
    const type = licenceType(values.type);
    const days = wholeNumber(values.days, '--days', maxDays);
    io.log(await createCoupon(db, type, days));
    return 0;
  });
}

async function run(io: CommandIo, command: () => Promise<number>): Promise<number> {
  try {
    return await command();
  } catch (error) {
    if (error instanceof UsageError) {
      io.error(`${error.message}\n\nUsage:\n${licenceUsage}`);
      return 2;
    }
    if (error instanceof CommandError) {
      io.error(`${error.message} Nothing was changed.`);
      return 1;
    }
    throw error;
  }
}
