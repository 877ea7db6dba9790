import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  brandingImageMaxBytes,
  brandingModes,
  brandingPatchInput,
  type BrandingImageSlot,
  type BrandingPatchInput,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { publicIdPattern } from '../../http/ids.ts';
import { readBrandingImage } from '../branding/branding-image.ts';
import {
  changeBranding,
  checkFqdn,
  putBrandingImage,
  readOwnBranding,
} from '../branding/branding.service.ts';
import {
  SectorCommandError,
  attachCompany,
  createSector,
  findSector,
  listSectors,
  setParentCompany,
} from './sector.service.ts';

export type CommandIo = { log: (line: string) => void; error: (line: string) => void };

const brandingOptionsUsage = `[--fqdn <host name>] [--primary-color <#rrggbb>] [--secondary-color <#rrggbb>]
                  [--mode light|dark] [--title <browser title>] [--logo <file>] [--logo-dark <file>]
                  [--favicon <file>]`;

export const sectorUsage = `  fleetgate-server sector create --name <name> ${brandingOptionsUsage}
  fleetgate-server sector branding --sector <sector id> ${brandingOptionsUsage}
  fleetgate-server sector attach --sector <sector id> --company <company id>
  fleetgate-server sector attach --company <company id> --detach
  fleetgate-server sector list
  fleetgate-server company parent --company <company id> --parent <company id|none>`;

export const sectorHelp = `sector           white-label partners: create one (prints its id), list them, change a
                 sector's branding, put a company into a sector or take it out (--detach).
                 An option left out keeps its value; an empty value ("") clears it. Logos may
                 have 512 KB and the favicon 64 KB (PNG, JPEG, WebP, ICO or SVG, sanitised).
company parent   gives a company a parent company (or none) whose branding it uses when it
                 has none of its own; before the sector's.`;

const brandingOptions = {
  fqdn: { type: 'string' },
  'primary-color': { type: 'string' },
  'secondary-color': { type: 'string' },
  mode: { type: 'string' },
  title: { type: 'string' },
  logo: { type: 'string' },
  'logo-dark': { type: 'string' },
  favicon: { type: 'string' },
} as const;

/** Where each branding property comes from on the command line, for error messages. */
const optionOf: Record<string, string> = {
  fqdn: '--fqdn',
  theme: '--primary-color/--secondary-color/--mode',
  'theme.primaryColor': '--primary-color',
  'theme.secondaryColor': '--secondary-color',
  'theme.mode': '--mode',
  customBrowserTitle: '--title',
  file: 'the image file',
};

class UsageError extends Error {}

/** `sector create|branding|attach|list`; resolves with the exit code. */
export async function sectorCommand(
  db: Db,
  sub: string,
  args: string[],
  io: CommandIo,
  publicUrl: string,
): Promise<number> {
  return run(io, async () => {
    switch (sub) {
      case 'create': {
        const { values } = parse(args, { name: { type: 'string' }, ...brandingOptions });
        const name = values.name?.trim();
        if (!name) throw new UsageError('sector create needs --name.');
        if (name.length > 255) throw new UsageError('The name may have at most 255 characters.');
        // Everything is checked before the sector exists, so a mistake leaves no half-made sector.
        const prepared = await prepareBranding(db, undefined, values);
        if (prepared.input.fqdn) await checkFqdn(db, prepared.input.fqdn, null, publicUrl);
        const sector = await createSector(db, name);
        await storeBranding(db, sector.id, prepared, publicUrl);
        io.log(sector.public_id);
        return 0;
      }
      case 'branding': {
        const { values } = parse(args, { sector: { type: 'string' }, ...brandingOptions });
        const sector = await findSector(db, requiredId(values.sector, '--sector'));
        const prepared = await prepareBranding(db, sector.id, values);
        await storeBranding(db, sector.id, prepared, publicUrl);
        const branding = await readOwnBranding(db, { type: 'sector', id: sector.id });
        io.log(JSON.stringify(branding, null, 2));
        return 0;
      }
      case 'attach': {
        const { values } = parse(args, {
          sector: { type: 'string' },
          company: { type: 'string' },
          detach: { type: 'boolean' },
        });
        const company = requiredId(values.company, '--company');
        if (values.detach && values.sector !== undefined)
          throw new UsageError('Give either --sector or --detach, not both.');
        const sector = values.detach ? null : requiredId(values.sector, '--sector');
        const result = await attachCompany(db, company, sector);
        io.log(
          result.sector
            ? `${result.company.name} (${result.company.public_id}) now belongs to ${result.sector.name} (${result.sector.public_id}).`
            : `${result.company.name} (${result.company.public_id}) belongs to no sector now.`,
        );
        return 0;
      }
      case 'list': {
        parse(args, {});
        const sectors = await listSectors(db);
        if (sectors.length === 0) io.log('No sectors yet.');
        for (const s of sectors)
          io.log(
            `${s.publicId}  ${s.name}  ${s.fqdn ?? '-'}  ${s.companies} ${s.companies === 1 ? 'company' : 'companies'}`,
          );
        return 0;
      }
      default:
        throw new UsageError(`Unknown sector command "${sub}".`);
    }
  });
}

/** `company parent --company <id> --parent <id|none>`. */
export async function companyCommand(db: Db, sub: string | undefined, args: string[], io: CommandIo) {
  return run(io, async () => {
    if (sub !== 'parent') throw new UsageError(`Unknown company command "${sub ?? ''}".`);
    const { values } = parse(args, { company: { type: 'string' }, parent: { type: 'string' } });
    const company = requiredId(values.company, '--company');
    if (values.parent === undefined)
      throw new UsageError('company parent needs --parent (a company id or none).');
    const parent = values.parent === 'none' ? null : requiredId(values.parent, '--parent');
    const result = await setParentCompany(db, company, parent);
    io.log(
      result.parent
        ? `${result.company.name} (${result.company.public_id}) now has the parent company ${result.parent.name} (${result.parent.public_id}).`
        : `${result.company.name} (${result.company.public_id}) has no parent company now.`,
    );
    return 0;
  });
}

async function run(io: CommandIo, command: () => Promise<number>): Promise<number> {
  try {
    return await command();
  } catch (error) {
    if (error instanceof UsageError) {
      io.error(`${error.message}\n\nUsage:\n${sectorUsage}`);
      return 2;
    }
    if (error instanceof SectorCommandError) {
      io.error(`${error.message} Nothing was changed.`);
      return 1;
    }
    if (error instanceof ApiError) {
      const reasons = error.items.map((item) =>
        item.propertyName
          ? `${optionOf[item.propertyName] ?? item.propertyName}: ${item.message}`
          : item.message,
      );
      io.error(`${reasons.join('\n')}\nNothing more was changed.`);
      return 1;
    }
    throw error;
  }
}

function parse<T extends Record<string, { type: 'string' | 'boolean' }>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function requiredId(value: string | undefined, option: string): string {
  if (value === undefined) throw new UsageError(`Give ${option}.`);
  if (!publicIdPattern.test(value)) throw new UsageError(`${option} takes an id of 12 characters [0-9a-z].`);
  return value;
}

type BrandingValues = {
  fqdn?: string | undefined;
  'primary-color'?: string | undefined;
  'secondary-color'?: string | undefined;
  mode?: string | undefined;
  title?: string | undefined;
  logo?: string | undefined;
  'logo-dark'?: string | undefined;
  favicon?: string | undefined;
};

type PreparedBranding = {
  input: BrandingPatchInput;
  uploads: { slot: BrandingImageSlot; image: Awaited<ReturnType<typeof readBrandingImage>> }[];
};

/** Reads and checks the branding options (as PATCH MyCompanyBranding checks them) and the image files. */
async function prepareBranding(
  db: Db,
  sectorId: number | undefined,
  values: BrandingValues,
): Promise<PreparedBranding> {
  const clearable = (value: string | undefined) => (value === undefined ? undefined : value.trim() || null);
  const patch: Record<string, unknown> = {};
  if (values.fqdn !== undefined) patch.fqdn = clearable(values.fqdn);
  if (values.title !== undefined) patch.customBrowserTitle = clearable(values.title);
  const themeGiven = [values['primary-color'], values['secondary-color'], values.mode].some(
    (v) => v !== undefined,
  );
  if (themeGiven) {
    const current =
      sectorId === undefined ? null : (await readOwnBranding(db, { type: 'sector', id: sectorId })).theme;
    if (values.mode !== undefined && !(brandingModes as readonly string[]).includes(values.mode))
      throw new UsageError('--mode is light or dark.');
    const primaryColor = values['primary-color'] ?? current?.primaryColor;
    const secondaryColor = values['secondary-color'] ?? current?.secondaryColor;
    if (!primaryColor || !secondaryColor)
      throw new UsageError('A theme needs both --primary-color and --secondary-color (#rrggbb).');
    patch.theme = { primaryColor, secondaryColor, mode: values.mode ?? current?.mode ?? 'light' };
  }
  const parsed = brandingPatchInput.safeParse(patch);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const option = optionOf[issue.path.join('.')] ?? issue.path.join('.');
    throw new UsageError(`${option}: invalid value.`);
  }
  // Images are read and checked before anything is stored.
  const images: [BrandingImageSlot, string | undefined][] = [
    ['logoLight', values.logo],
    ['logoDark', values['logo-dark']],
    ['favicon', values.favicon],
  ];
  const uploads: PreparedBranding['uploads'] = [];
  for (const [slot, file] of images) {
    if (file === undefined) continue;
    const bytes = await readFileWithin(file, brandingImageMaxBytes[slot]);
    uploads.push({ slot, image: await readBrandingImage(bytes) });
  }
  return { input: parsed.data, uploads };
}

/** Stores prepared branding values, then images. */
async function storeBranding(db: Db, sectorId: number, prepared: PreparedBranding, publicUrl: string) {
  const owner = { type: 'sector' as const, id: sectorId };
  const actor = { userId: null, clientAddress: null, publicUrl };
  if (Object.keys(prepared.input).length > 0) await changeBranding(db, owner, prepared.input, actor);
  for (const { slot, image } of prepared.uploads) await putBrandingImage(db, owner, slot, image, actor);
}

async function readFileWithin(file: string, maxBytes: number): Promise<Uint8Array> {
  let size: number;
  try {
    size = (await fs.stat(file)).size;
  } catch {
    throw new SectorCommandError(`Cannot read ${file}.`);
  }
  if (size > maxBytes)
    throw new SectorCommandError(
      `${file} has ${size} bytes; at most ${maxBytes} (${maxBytes / 1024} KB) are allowed.`,
    );
  return new Uint8Array(await fs.readFile(file));
}
