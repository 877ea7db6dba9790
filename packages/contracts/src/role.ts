import { z } from 'zod';
import { limits } from './limits.ts';
import { patchSchemaOf } from './patch-schema.ts';
import { allCapabilities, type Capability } from './capabilities.ts';

const capability = z.enum(allCapabilities as [Capability, ...Capability[]]);

export const roleCreateInput = z.strictObject({
  name: z.string().trim().min(1).max(limits.nameMaxLength),
  capabilities: z.array(capability).max(allCapabilities.length).default([]),
});
export const rolePatchInput = patchSchemaOf(roleCreateInput);

export type Role = { publicId: string; name: string; capabilities: Capability[]; builtIn: boolean };
