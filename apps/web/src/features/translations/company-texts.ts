import type { i18n as I18n } from 'i18next';
import type { Translation } from '@fleetgate/contracts';

export type TextBundle = { [key: string]: unknown };

const namespace = 'translation';
const unsafeSegments = new Set(['__proto__', 'constructor', 'prototype']);

function isBundle(value: unknown): value is TextBundle {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A copy of `pristine` with each `[key, text]` set at its dotted path. A key may replace a text
 * or add a new one (a company's own names); one that would replace a whole section of texts,
 * or sit below a text, is left out, so no override can break a screen.
 */
export function withOverrides(pristine: TextBundle, overrides: [key: string, text: string][]): TextBundle {
  const merged = structuredClone(pristine);
  for (const [key, text] of overrides) {
    const segments = key.split('.');
    if (segments.some((s) => s === '' || unsafeSegments.has(s))) continue;
    let level: TextBundle | undefined = merged;
    for (const segment of segments.slice(0, -1)) {
      const next: unknown = Object.hasOwn(level, segment) ? level[segment] : undefined;
      if (next === undefined) level[segment] = {};
      else if (!isBundle(next)) {
        level = undefined;
        break;
      }
      level = level[segment] as TextBundle;
    }
    if (!level) continue;
    const last = segments.at(-1)!;
    const existing: unknown = Object.hasOwn(level, last) ? level[last] : undefined;
    if (existing === undefined || typeof existing === 'string') level[last] = text;
  }
  return merged;
}

function valueAt(bundle: TextBundle, key: string): unknown {
  let value: unknown = bundle;
  for (const segment of key.split('.')) {
    if (!isBundle(value) || !Object.hasOwn(value, segment)) return undefined;
    value = value[segment];
  }
  return value;
}

/** The texts a company gives in one language, as `[key, text]`. */
export function overridesFor(translations: readonly Translation[], language: string): [string, string][] {
  return translations.flatMap((item) => {
    const text = item.languages[language];
    return text === undefined ? [] : [[item.key, text] as [string, string]];
  });
}

/**
 * Lays a company's translations over the app's own texts, in every language the app has loaded,
 * at once: each language's pristine texts are kept, and every change rebuilds that language's
 * texts from them, so switching companies or logging out (no translations) restores the app's
 * own texts exactly. A language loaded later gets the overrides when it arrives.
 */
export class CompanyTexts {
  readonly #i18n: I18n;
  readonly #pristine = new Map<string, TextBundle>();
  readonly #applied = new Map<string, string[]>();
  #translations: readonly Translation[] = [];
  #applying = false;

  constructor(i18n: I18n) {
    this.#i18n = i18n;
    i18n.store.on('added', (language: string, ns: string) => {
      if (this.#applying || ns !== namespace) return;
      this.#recapture(language);
      this.#applyLanguage(language);
    });
  }

  apply(translations: readonly Translation[]) {
    this.#translations = translations;
    for (const language of Object.keys(this.#i18n.store.data)) this.#applyLanguage(language);
  }

  /** Someone else (a language loader) added texts: they become part of the pristine ones. */
  #recapture(language: string) {
    const current = this.#i18n.getResourceBundle(language, namespace) as TextBundle | undefined;
    if (!current) return;
    const before = this.#pristine.get(language);
    const keys = this.#applied.get(language) ?? [];
    const restored = structuredClone(current);
    // Undo our own overrides in the copy: where a key was overridden, the old pristine text holds.
    const originals: [string, string][] = [];
    for (const key of keys) {
      const original = before ? valueAt(before, key) : undefined;
      if (typeof original === 'string') originals.push([key, original]);
      else removeAt(restored, key);
    }
    this.#pristine.set(language, withOverrides(restored, originals));
  }

  #applyLanguage(language: string) {
    if (!this.#pristine.has(language)) {
      const bundle = this.#i18n.getResourceBundle(language, namespace) as TextBundle | undefined;
      if (!bundle) return;
      this.#pristine.set(language, structuredClone(bundle));
    }
    const overrides = overridesFor(this.#translations, language);
    const previous = this.#applied.get(language) ?? [];
    if (overrides.length === 0 && previous.length === 0) return;
    const merged = withOverrides(this.#pristine.get(language)!, overrides);
    this.#applying = true;
    try {
      this.#i18n.removeResourceBundle(language, namespace);
      this.#i18n.addResourceBundle(language, namespace, merged, true, true);
    } finally {
      this.#applying = false;
    }
    this.#applied.set(
      language,
      overrides.map(([key]) => key),
    );
  }
}

function removeAt(bundle: TextBundle, key: string) {
  const segments = key.split('.');
  let level: unknown = bundle;
  for (const segment of segments.slice(0, -1)) {
    if (!isBundle(level) || !Object.hasOwn(level, segment)) return;
    level = level[segment];
  }
  const last = segments.at(-1)!;
  if (isBundle(level) && Object.hasOwn(level, last)) delete level[last];
}
