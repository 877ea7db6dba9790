import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { languageCodePattern, legalTextMaxLength } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { EventBus } from '../../events/event-bus.ts';
import { findSectorByPublicId, listSectorCompanies } from './terms.repository.ts';
import { setPrivacyStatementLanguage, setTermsLanguage } from './terms.service.ts';

export const sectorLegalTextUsage = `  fleetgate-server sector terms --sector <publicId> --language <code> (--file <text.md> | --remove)
  fleetgate-server sector privacy-statement --sector <publicId> --language <code> (--file <text.md> | --remove)

sector terms     sets one language of a sector's terms of use from a Markdown file (English
                 first; --remove takes a language away, English last). Every change is a new
                 policy version that members of the sector's companies must accept, unless
                 their company has terms of its own.
sector privacy-statement   the same for the sector's privacy statement (not versioned).`;

type Io = { log: (line: string) => void; error: (line: string) => void };

/** Parses the options of `sector terms|privacy-statement`; a string is the error to print. */
export function parseSectorLegalTextArgs(args: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        sector: { type: 'string' },
        language: { type: 'string' },
        file: { type: 'string' },
        remove: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return (error as Error).message;
  }
  const { sector, language, file, remove } = values;
  if (!sector) return 'Name the sector with --sector <publicId>.';
  if (!language || !languageCodePattern.test(language))
    return 'Name the language with --language, e.g. en or de.';
  if ((file === undefined) === (remove !== true)) return 'Give either --file <text.md> or --remove.';
  return { sector, language, file, remove: remove === true };
}

/**
 * `sector terms` and `sector privacy-statement`: the operator sets a sector's texts, audited
 * without a user or address. Resolves with the exit code.
 */
export async function sectorLegalTextCommand(
  db: Db,
  kind: 'terms' | 'privacy-statement',
  args: string[],
  io: Io,
  /** Where the change is announced; by default NOTIFY reaches the server processes on PostgreSQL. */
  events: EventBus = new EventBus(db),
): Promise<number> {
  const parsed = parseSectorLegalTextArgs(args);
  if (typeof parsed === 'string') {
    io.error(`${parsed}\n\n${sectorLegalTextUsage}`);
    return 2;
  }
  let body: string | null = null;
  if (parsed.file !== undefined) {
    try {
      body = await readFile(parsed.file, 'utf8');
    } catch (error) {
      io.error(`Cannot read ${parsed.file}: ${(error as Error).message}`);
      return 1;
    }
    if (body.length > legalTextMaxLength) {
      io.error(`${parsed.file} is longer than ${legalTextMaxLength} characters.`);
      return 1;
    }
    if (body.trim() === '') {
      io.error(`${parsed.file} is empty; use --remove to take a language away.`);
      return 1;
    }
  }
  const sector = await findSectorByPublicId(db, parsed.sector);
  if (!sector) {
    io.error(`No sector has the publicId ${parsed.sector}; see \`fleetgate-server sector list\`.`);
    return 1;
  }
  const owner = { sectorId: sector.id };
  const actor = { companyId: null, userId: null, clientAddress: null };
  const input = { language: parsed.language, body };
  try {
    if (kind === 'terms') {
      const { row, created } = await setTermsLanguage(db, owner, actor, input);
      if (created) await announceToSector(db, events, sector.id, row!.public_id);
      if (!row) io.log(`Sector ${sector.name} has no terms of use; nothing was changed.`);
      else if (created)
        io.log(`Terms of use of sector ${sector.name} are now version ${row.version} (${row.public_id}).`);
      else io.log(`Terms of use of sector ${sector.name} are unchanged (version ${row.version}).`);
    } else {
      await setPrivacyStatementLanguage(db, owner, actor, input);
      io.log(`Privacy statement of sector ${sector.name} is saved.`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    io.error(error.items.map((item) => item.message).join('\n'));
    return 1;
  }
}

/**
 * Tells the open apps of the sector's companies that the terms changed. On PostgreSQL the running
 * server processes hear it (NOTIFY) and their members are asked at once; PGlite has no server
 * running beside the CLI, and apps read the terms when they next load.
 */
async function announceToSector(db: Db, events: EventBus, sectorId: number, policyPublicId: string) {
  for (const company of await listSectorCompanies(db, sectorId)) {
    await events.publish(
      { companyId: company.id },
      { type: 'TermsOfUseChanged', data: { publicId: policyPublicId } },
    );
  }
}
