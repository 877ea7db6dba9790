import type { Translated } from '../../app/locales/translated.ts';
import type { legalEn } from './legal.en.ts';

export const legalDe: Translated<typeof legalEn> = {
  termsOfUse: 'Nutzungsbedingungen',
  privacyStatement: 'Datenschutzerklärung',
  links: 'Rechtliches',
};
