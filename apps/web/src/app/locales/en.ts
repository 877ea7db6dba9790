import type { brandingEn } from '../../features/branding/branding.en.ts';
import type { termsEn } from '../../features/terms/terms.en.ts';
import { enCore } from './en-core.ts';
import { enFeatures } from './en-features.ts';

/** Every English UI string. Other languages mirror this shape. */
export const en = { ...enCore, ...enFeatures };

/**
 * Texts registered by their feature's own code when it loads (`features/terms/terms-texts.ts`,
 * `features/branding/branding-texts.ts`), in English and German alike.
 */
type LoadedWithTheirFeature = { branding: typeof brandingEn; terms: typeof termsEn };

export type Resources = typeof en & LoadedWithTheirFeature;
