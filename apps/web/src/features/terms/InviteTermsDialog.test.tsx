// @vitest-environment jsdom
import { createTheme, ThemeProvider } from '@mui/material/styles';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';

// The dialog adds its texts to the app's i18next when it loads, as in the app.
await i18next.use(initReactI18next).init({ lng: 'en', resources: {}, showSupportNotice: false });
const { InviteTermsDialog } = await import('./InviteTermsDialog.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const terms = [
  '## Using our devices',
  '',
  'Read [the rules](https://acme.example/rules) first.',
  '',
  '![badge](https://tracker.example/seen.png)',
].join('\n');

let unmount = () => {};
afterEach(() => act(() => unmount()));

describe('InviteTermsDialog', () => {
  it("shows the inviting company's terms without live links or remote images", async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    unmount = () => root.unmount();
    await act(async () =>
      root.render(
        <ThemeProvider theme={createTheme()}>
          <InviteTermsDialog
            companyName="Acme"
            policy={{
              publicId: 'abcdefabcdef',
              version: 1,
              createdAt: '2026-01-01T00:00:00.000Z',
              languages: { en: terms },
              source: 'company',
            }}
            onAccept={() => {}}
            onCancel={() => {}}
          />
        </ThemeProvider>,
      ),
    );
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('Using our devices');
    expect(dialog.textContent).toContain('the rules (https://acme.example/rules)');
    expect(dialog.querySelector('.fleetgate-markup a, .fleetgate-markup img')).toBeNull();
    expect(dialog.innerHTML).not.toContain('tracker.example');
  });
});
