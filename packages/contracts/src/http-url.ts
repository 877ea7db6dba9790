import { z } from 'zod';

export const companyCustomUrlMaxLength = 2048;

/** An absolute http(s) URL: never `javascript:` or another scheme a link would run. */
export const httpUrl = z
  .string()
  .trim()
  .max(companyCustomUrlMaxLength)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  });

/**
 * Why a link a company gives (a menu item, a settings address) is refused, or null when it is a
 * well-formed absolute `https:` URL without a user name or password in it. Parsed with URL, so
 * what is stored is what a browser opens.
 */
export function httpsLinkProblem(value: string): 'httpsOnly' | 'credentials' | 'invalid' | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:') return 'httpsOnly';
  if (url.hostname === '') return 'invalid';
  if (url.username !== '' || url.password !== '') return 'credentials';
  return null;
}

/** Stable messages for a refused https link; the web app translates them. */
export const httpsLinkMessages = {
  httpsOnly: 'Only https addresses are allowed',
  credentials: 'The address must not contain a user name or password',
  invalid: 'Invalid value',
} as const;

/** An absolute https URL without credentials (company settings that point the portal somewhere). */
export const httpsUrl = z
  .string()
  .trim()
  .max(companyCustomUrlMaxLength)
  .refine((value) => httpsLinkProblem(value) === null);
