import { z } from 'zod';
import { limits } from './limits.ts';
import { patchSchemaOf } from './patch-schema.ts';

/** Stable messages of the audiences (access categories) API; the web app translates them. */
export const audienceErrorMessages = {
  inUse: 'Audience is still in use',
} as const;

export const audienceDescriptionMaxLength = 1000;

export const audienceCreateInput = z.strictObject({
  name: z.string().trim().min(1).max(limits.nameMaxLength),
  description: z.string().trim().max(audienceDescriptionMaxLength).nullable().optional(),
});
export const audiencePatchInput = patchSchemaOf(audienceCreateInput);
export type AudienceInput = z.infer<typeof audienceCreateInput>;

/** An access category ("audience" in data); at most one per company is the default for new members. */
export type Audience = { publicId: string; name: string; description: string | null; default: boolean };
