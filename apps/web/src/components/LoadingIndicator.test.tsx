import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { de } from '../app/locales/de.ts';
import { enCore } from '../app/locales/en-core.ts';
import { LoadingBar } from './LoadingBar.tsx';
import { LoadingIndicator, type LoadingIndicatorProps } from './LoadingIndicator.tsx';

const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: enCore }, de: { translation: de } },
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

/** The indicator's markup, rendered in `language`. */
async function markup({ bar = false, ...props }: LoadingIndicatorProps & { bar?: boolean }, language = 'en') {
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      {bar ? <LoadingBar {...props} /> : <LoadingIndicator {...props} />}
    </I18nextProvider>,
  );
}

describe('LoadingIndicator and LoadingBar', () => {
  it('names a spinner and a bar “Loading…” in the UI language unless told otherwise', async () => {
    for (const bar of [false, true]) {
      expect(await markup({ bar })).toMatch(/role="progressbar"[^>]*aria-label="Loading…"/);
      expect(await markup({ bar }, 'de')).toMatch(/role="progressbar"[^>]*aria-label="Wird geladen…"/);
    }
    expect(await markup({})).toContain('MuiCircularProgress');
    expect(await markup({ bar: true })).toContain('MuiLinearProgress');
  });

  it('takes the name it is given, and shows a value when there is one', async () => {
    const html = await markup({ bar: true, label: 'Uploading logo.png', value: 40 });
    expect(html).toContain('aria-label="Uploading logo.png"');
    expect(html).toContain('aria-valuenow="40"');
    expect(await markup({})).not.toContain('aria-valuenow');
  });

  it('hides a decorative indicator from screen readers, named all the same', async () => {
    const html = await markup({ decorative: true, label: 'Connecting…' });
    expect(html).toMatch(/aria-hidden="true"/);
    expect(html).toContain('aria-label="Connecting…"');
    expect(await markup({})).not.toContain('aria-hidden');
  });
});
