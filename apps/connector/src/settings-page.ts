import { forceProtocols, type Settings, type SettingsError } from './settings.ts';
import type { ConnectorStatus } from './status.ts';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const protocolLabels = {
  tcp: 'Automatically (tcp)',
  tcp4: 'IPv4 only (tcp4)',
  tcp6: 'IPv6 only (tcp6)',
} as const;

/** The settings page at `/`: portal addresses, force protocol, base port, status, log tail, version. */
export function renderSettingsPage(input: {
  settings: Settings;
  status: ConnectorStatus;
  log: string[];
  errors?: SettingsError[];
  saved?: boolean;
}): string {
  const { settings, status } = input;
  const errorFor = (name: string) =>
    (input.errors ?? [])
      .filter((e) => e.propertyName === name || e.propertyName.startsWith(`${name}.`))
      .map(
        (e) =>
          `<div class="error">${escape(e.message)}${e.propertyName.includes('.') ? ` (line ${Number(e.propertyName.split('.')[1]) + 1})` : ''}</div>`,
      )
      .join('');
  const options = forceProtocols
    .map(
      (p) =>
        `<option value="${p}"${p === settings.forceProtocol ? ' selected' : ''}>${protocolLabels[p]}</option>`,
    )
    .join('');
  const ports = [
    ...(status.socksPort === null ? [] : [`SOCKS5 proxy: 127.0.0.1:${status.socksPort}`]),
    ...status.services.map((s) => `${escape(s.name)}: 127.0.0.1:${s.localPort}`),
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fleetgate connector</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:46rem;padding:0 1rem;color:#1d2733}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}label{display:block;margin-top:1rem;font-weight:600}
textarea,input,select{font:inherit;width:100%;box-sizing:border-box;padding:.4rem;margin-top:.3rem}
button{margin-top:1rem;padding:.5rem 1.2rem;font:inherit;background:#17bfeb;border:0;border-radius:4px;color:#fff}
.hint{color:#5b6b7b;font-size:.9rem}.error{color:#c62828}.saved{color:#2e7d32}
pre{background:#f4f6f8;padding:.8rem;overflow:auto;max-height:20rem;font-size:.8rem}
</style></head><body>
<h1>Fleetgate connector <span class="hint">version ${escape(status.version)}</span></h1>
<p>Status: <strong>${escape(status.status)}</strong> — ${escape(status.message)} (code ${status.code})</p>
${status.owner && status.status !== 'idle' ? `<p>Session of ${escape(status.owner.name)} (the user who connected)</p>` : ''}
${ports.length ? `<ul>${ports.map((p) => `<li>${p}</li>`).join('')}</ul>` : ''}
<h2>Settings</h2>
${input.saved ? '<p class="saved">Saved.</p>' : ''}
<form method="post" action="/settings">
<label for="portals">Portal URL (one per line)</label>
<textarea id="portals" name="portals" rows="2">${escape(settings.portals.join('\n'))}</textarea>
${errorFor('portals')}
<div class="hint">Pages of these portals may use the connector; its devices are reached through them.</div>
<label for="origins">Further allowed origins (one per line)</label>
<textarea id="origins" name="origins" rows="2">${escape(settings.origins.join('\n'))}</textarea>
${errorFor('origins')}
<label for="forceProtocol">Force protocol</label>
<select id="forceProtocol" name="forceProtocol">${options}</select>
${errorFor('forceProtocol')}
<label for="basePort">Base port (empty: free ports)</label>
<input id="basePort" name="basePort" inputmode="numeric" value="${escape(String(settings.basePort ?? ''))}">
${errorFor('basePort')}
<div class="hint">SOCKS5 listens on the base port, the device's services on the ports after it.</div>
<button type="submit">Save</button>
</form>
<h2>Log</h2>
<pre>${escape(input.log.join('\n')) || 'No entries yet.'}</pre>
</body></html>
`;
}

/** The form's fields as a settings object for parseSettings (which reports anything wrong). */
export function settingsFromForm(form: URLSearchParams): Record<string, unknown> {
  const lines = (name: string) =>
    (form.get(name) ?? '')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
  const basePort = (form.get('basePort') ?? '').trim();
  return {
    portals: lines('portals'),
    origins: lines('origins'),
    forceProtocol: form.get('forceProtocol') ?? '',
    basePort: basePort === '' ? null : /^\d+$/.test(basePort) ? Number(basePort) : basePort,
  };
}
