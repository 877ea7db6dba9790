import { z } from 'zod';

/**
 * Terms of use and privacy statement. Both are Markdown per language (a map by language code);
 * English is the required language: it is set first and removed last, so every reader has a
 * text to fall back on. Every change to a company's (or sector's) terms makes a new policy
 * version that is kept for the record; members must accept the latest one.
 */
export const legalTextMaxLength = 100_000;

/** Languages one text may have: enough for any company, few enough that versions stay small. */
export const legalTextMaxLanguages = 30;

/** The language every legal text must have before any other: readers fall back to it. */
export const legalTextRequiredLanguage = 'en';

/** Language codes: `en`, `de`, `pt-BR` style. */
export const languageCodePattern = /^[a-z]{2,3}(?:-[A-Z]{2})?$/;

/** Error messages of the legal-text routes (stable strings the web app translates). */
export const termsErrorMessages = {
  englishFirst: 'Required language missing: en',
  englishLast: 'English is removed last',
  tooManyLanguages: 'Too many languages',
} as const;

/**
 * `PATCH CompanyPrivacyStatementLanguage` and `PATCH CompanyTermsOfUsePolicyLanguage`: the text
 * of one language; an empty or null body removes that language.
 */
export const legalTextLanguageInput = z.strictObject({
  language: z.string().regex(languageCodePattern),
  body: z.string().max(legalTextMaxLength).nullable(),
});
export type LegalTextLanguageInput = z.infer<typeof legalTextLanguageInput>;

/** Whose texts apply: the company's own, its sector's, or (public pages only) the instance's. */
export type LegalTextSource = 'company' | 'sector' | 'instance';

/** Markdown by language code. */
export type LegalTextLanguages = Record<string, string>;

/** One version of a terms-of-use policy as members read and accept it. */
export type TermsOfUsePolicy = {
  publicId: string;
  version: number;
  createdAt: string;
  languages: LegalTextLanguages;
  source: 'company' | 'sector';
};

/** `GET CompanyPrivacyStatement` (null when neither the company nor its sector has one). */
export type PrivacyStatement = {
  publicId: string;
  updatedAt: string;
  languages: LegalTextLanguages;
  source: 'company' | 'sector';
};

/** `GET PublicTermsOfUse` / `GET PublicPrivacyStatement`: the texts of the host's owner or the instance. */
export type PublicLegalText = {
  publicId: string;
  languages: LegalTextLanguages;
  source: LegalTextSource;
  /** The policy version for company or sector terms; null for the instance's texts and privacy statements. */
  version: number | null;
};

/** `POST TermsOfUsePolicyAcceptance/{policy publicId}`: the user's acceptance of a policy version. */
export type TermsOfUseAcceptance = {
  publicId: string;
  termsOfUsePolicy: { publicId: string; version: number };
  acceptedAt: string;
};

/** Fields the Company resource gains: the effective terms (company's own, else its sector's). */
export type CompanyTermsFields = {
  latestTermsOfUse: TermsOfUsePolicy | null;
  /** Whether company or sector terms are set (and so members must accept the latest policy). */
  customTermsOfUse: boolean;
};

/** The text for a language: that language's, else English, else any. */
export function legalTextFor(languages: LegalTextLanguages, language: string): string {
  const base = language.split('-')[0] ?? language;
  return (
    languages[language] ??
    languages[base] ??
    languages[legalTextRequiredLanguage] ??
    Object.values(languages)[0] ??
    ''
  );
}
