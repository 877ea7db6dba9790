import { z } from 'zod';
import { dataLoggingLimits } from './data-logging.ts';
import { limits } from './limits.ts';

const publicId = z.string().regex(/^[0-9a-z]{12}$/);
const reference = z.strictObject({ publicId });

/**
 * Pages: dashboards and reports. A page has a draft and a published version (each a
 * PageVersion or null) and belongs to agents, assets or a group; a user sees the pages of the
 * devices they may see. The state rules (console spec §4):
 * - no version: `POST PageVersionList/{page}` creates an empty draft (title, optional icon,
 *   group, periodSpec defaulting to `today`);
 * - published only: the draft is created as a copy of the published version;
 * - publish (`POST PageDraft/{page}`): the draft becomes the published version, the draft is
 *   cleared and the previous published version deleted;
 * - discard (`DELETE PageVersion/{draft}`): the draft is deleted;
 * - publish or discard without a draft fails with `Page has no draft version`;
 * - duplicate needs a published version (`No published page`).
 */
export const periodPresets = ['today', 'yesterday', 'last24h', 'last7d', 'last30d'] as const;
export type PeriodPreset = (typeof periodPresets)[number];
/** `today` … `last30d`, or a custom period `custom:<start ISO>/<end ISO>`. */
export const periodSpecSchema = z.union([
  z.enum(periodPresets),
  z
    .string()
    .max(80)
    .regex(/^custom:[^/]+\/[^/]+$/)
    .refine((value) => {
      const [start, end] = value
        .slice('custom:'.length)
        .split('/')
        .map((part) => Date.parse(part));
      // The instants and span a chart can read: a wider custom period would only fail on every chart.
      const { earliestSampleTime, latestSampleTime, maxSeriesDays } = dataLoggingLimits;
      return (
        Number.isFinite(start) &&
        Number.isFinite(end) &&
        start! >= earliestSampleTime &&
        end! <= latestSampleTime &&
        start! < end! &&
        end! - start! <= maxSeriesDays * 86_400_000
      );
    }, 'Invalid period'),
]);
export type PeriodSpec = z.infer<typeof periodSpecSchema>;
export const defaultPeriodSpec: PeriodPreset = 'today';

export const pageComponentKinds = [
  'lineChart',
  'barChart',
  'gauge',
  'value',
  'table',
  'alarms',
  'text',
] as const;
export type PageComponentKind = (typeof pageComponentKinds)[number];

export const pageLimits = {
  componentsPerVersion: 100,
  tagsPerComponent: 20,
  textMaxLength: 20_000,
  subPagesPerVersion: 20,
  /** Page lists per agent or asset (console spec §9). */
  devicePageListSize: 4000,
  /** `PageImport` bodies. */
  importMaxBytes: 5 * 1024 * 1024,
  gridColumns: 12,
} as const;

/** One component on the page's grid (`x`, `y`, `w`, `h` in grid cells of a 12-column grid). */
export const pageComponentSchema = z.strictObject({
  id: z.string().min(1).max(64),
  kind: z.enum(pageComponentKinds),
  title: z.string().max(limits.nameMaxLength).optional(),
  x: z
    .number()
    .int()
    .min(0)
    .max(pageLimits.gridColumns - 1),
  y: z.number().int().min(0).max(10_000),
  w: z.number().int().min(1).max(pageLimits.gridColumns),
  h: z.number().int().min(1).max(100),
  /**
   * The tags shown (charts, gauge, value, table, alarms), by tag NAME: a page serves many
   * devices, so each name is looked up among the tags of the device the page is shown for
   * (the builder picks them from `previewAgent`'s or `previewAsset`'s tags).
   */
  tags: z
    .array(z.strictObject({ name: z.string().trim().min(1).max(limits.nameMaxLength) }))
    .max(pageLimits.tagsPerComponent)
    .optional(),
  /** text: Markdown, rendered sanitised (no HTML). */
  text: z.string().max(pageLimits.textMaxLength).optional(),
  /** gauge: its scale. */
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  /** Charts: which aggregate per bucket. */
  aggregate: z.enum(['mean', 'min', 'max', 'last']).optional(),
});
export type PageComponent = z.infer<typeof pageComponentSchema>;

export const pageCustomSchema = z.strictObject({
  /** A Material icon name, e.g. `dashboard`. */
  glbMatIcon: z
    .string()
    .max(64)
    .regex(/^[a-z0-9_]+$/)
    .nullable()
    .optional(),
});

/** `POST PageVersionList/{pagePublicId}`: creates the page's draft (rules above). */
export const pageVersionCreateInput = z.strictObject({
  /** The page, as the spec's body names it; it must be the page in the path. */
  page: reference.optional(),
  title: z.string().trim().min(1).max(limits.nameMaxLength).optional(),
  custom: pageCustomSchema.optional(),
  group: reference.nullable().optional(),
  periodSpec: periodSpecSchema.optional(),
});
/** `PATCH PageVersion/{publicId}`: edits a draft (a published version cannot be edited). */
export const pageVersionPatchInput = z.strictObject({
  title: z.string().trim().min(1).max(limits.nameMaxLength).optional(),
  custom: pageCustomSchema.optional(),
  group: reference.nullable().optional(),
  periodSpec: periodSpecSchema.optional(),
  components: z.array(pageComponentSchema).max(pageLimits.componentsPerVersion).optional(),
  pagePages: z.array(reference).max(pageLimits.subPagesPerVersion).optional(),
  previewAgent: reference.nullable().optional(),
  previewAsset: reference.nullable().optional(),
});
export type PageVersionPatchInput = z.input<typeof pageVersionPatchInput>;

export type PageVersion = {
  publicId: string;
  title: string;
  custom: { glbMatIcon: string | null };
  group: { publicId: string; name: string } | null;
  periodSpec: PeriodSpec;
  components: PageComponent[];
  pagePages: { publicId: string; title: string | null }[];
  previewAgent: { publicId: string; name: string } | null;
  previewAsset: { publicId: string; name: string } | null;
  createdOn: string;
  updatedOn: string;
};

/** `POST PageList`: a page with no version yet. */
export const pageCreateInput = z.strictObject({
  title: z.string().trim().min(1).max(limits.nameMaxLength),
  kind: z.enum(['dashboard', 'report']).optional(),
  agents: z.array(reference).max(1000).optional(),
  assets: z.array(reference).max(1000).optional(),
  group: reference.nullable().optional(),
});
/** `PATCH Page/{publicId}`: what the page belongs to. */
export const pagePatchInput = z.strictObject({
  kind: z.enum(['dashboard', 'report']).optional(),
  agents: z.array(reference).max(1000).optional(),
  assets: z.array(reference).max(1000).optional(),
  group: reference.nullable().optional(),
});

export type Page = {
  publicId: string;
  /** The title given at creation; versions carry their own. */
  title: string;
  kind: 'dashboard' | 'report';
  default: boolean;
  draftVersion: PageVersion | null;
  publishedVersion: PageVersion | null;
  agents: { publicId: string; name: string }[];
  assets: { publicId: string; name: string }[];
  group: { publicId: string; name: string } | null;
  createdOn: string;
};

/** The file of `GET PageExport/{publicId}`, and the body of `PageImport`. */
export type PageExportFile = {
  format: 'fleetgate-page';
  formatVersion: 1;
  page: { title: string; kind: 'dashboard' | 'report' };
  draftVersion: Omit<
    PageVersion,
    'publicId' | 'createdOn' | 'updatedOn' | 'group' | 'previewAgent' | 'previewAsset'
  > | null;
  publishedVersion: Omit<
    PageVersion,
    'publicId' | 'createdOn' | 'updatedOn' | 'group' | 'previewAgent' | 'previewAsset'
  > | null;
};

export const pageErrors = {
  noDraft: 'Page has no draft version',
  noPublished: 'No published page',
  draftExists: 'Page already has a draft version',
  notDraft: 'Only a draft version can be changed',
  importInvalid: 'Not a page export file',
} as const;

/** `POST PageDraft/{pagePublicId}`: the body names the page whose draft is published. */
export const pageDraftPublishInput = z.strictObject({ publicId });

const exportedVersionSchema = z.strictObject({
  title: z.string().trim().min(1).max(limits.nameMaxLength),
  custom: z.strictObject({
    glbMatIcon: z
      .string()
      .max(64)
      .regex(/^[a-z0-9_]+$/)
      .nullable(),
  }),
  // A file exported before custom periods were bounded may hold a longer one: it imports with
  // the default period rather than not at all.
  periodSpec: periodSpecSchema.catch(defaultPeriodSpec),
  components: z.array(pageComponentSchema).max(pageLimits.componentsPerVersion),
  pagePages: z
    .array(z.strictObject({ publicId, title: z.string().max(limits.nameMaxLength).nullable() }))
    .max(pageLimits.subPagesPerVersion),
});

/**
 * The body of `PageImport` and `GroupPageImport`: a `PageExportFile`. Sub-pages that are not
 * pages of the importing company are left out (an export names the pages of its own company).
 */
export const pageImportFileSchema = z.strictObject({
  format: z.literal('fleetgate-page'),
  formatVersion: z.literal(1),
  page: z.strictObject({
    title: z.string().trim().min(1).max(limits.nameMaxLength),
    kind: z.enum(['dashboard', 'report']),
  }),
  draftVersion: exportedVersionSchema.nullable(),
  publishedVersion: exportedVersionSchema.nullable(),
});
