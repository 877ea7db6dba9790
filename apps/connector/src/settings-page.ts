import { apiPort, maxLocalPort, minLocalPort, type PortError, type PortRecord } from './ports.ts';
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

/** The form field of a service's port: `port:<agent publicId>:<service publicId>`. */
export const servicePortField = (agentId: string, serviceId: string) => `port:${agentId}:${serviceId}`;

/**
 * The settings page at `/`: portal addresses, force protocol, the local ports (SOCKS5 and one
 * per device service, editable), status, log tail, version. `portValues` re-shows what was typed
 * into port fields that were refused.
 */
export function renderSettingsPage(input: {
  settings: Settings;
  status: ConnectorStatus;
  log: string[];
  ports: PortRecord;
  errors?: SettingsError[];
  portValues?: Record<string, string>;
  saved?: boolean;
}): string {
  const { settings, status, ports } = input;
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
  const listening = [
    ...(status.socksPort === null ? [] : [`SOCKS5 proxy: 127.0.0.1:${status.socksPort}`]),
    ...status.services.map((s) => `${escape(s.name)}: 127.0.0.1:${s.localPort}`),
  ];
  const portValue = (field: string, port: number | null) =>
    escape(input.portValues?.[field] ?? (port === null ? '' : String(port)));
  const portError = (field: string) => {
    const error = (input.errors ?? []).find((e) => e.propertyName === field);
    return error ? `<div class="error" id="${escape(field)}-error">${escape(error.message)}</div>` : '';
  };
  const described = (field: string) =>
    (input.errors ?? []).some((e) => e.propertyName === field)
      ? ` aria-invalid="true" aria-describedby="${escape(field)}-error"`
      : '';
  const serviceRows = ports.services
    .map((s) => {
      const field = servicePortField(s.agentId, s.serviceId);
      const label = `Port of ${s.serviceName || s.serviceId} on ${s.agentName || s.agentId}`;
      return `<tr><td>${escape(s.agentName || s.agentId)}</td><td>${escape(s.serviceName || s.serviceId)}</td>
<td><input name="${escape(field)}" aria-label="${escape(label)}" inputmode="numeric" value="${portValue(field, s.port)}"${described(field)}>${portError(field)}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fleetgate connector</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:46rem;padding:0 1rem;color:#1d2733}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}label{display:block;margin-top:1rem;font-weight:600}
textarea,input,select{font:inherit;width:100%;box-sizing:border-box;padding:.4rem;margin-top:.3rem}
button{margin-top:1rem;padding:.5rem 1.2rem;font:inherit;font-weight:600;background:#17bfeb;border:0;border-radius:4px;color:#0b2530}
.hint{color:#5b6b7b;font-size:.9rem}.error{color:#c62828}.saved{color:#2e7d32}
pre{background:#f4f6f8;padding:.8rem;overflow:auto;max-height:20rem;font-size:.8rem}
table{border-collapse:collapse;width:100%;margin-top:.5rem}th,td{text-align:left;padding:.3rem .5rem .3rem 0;vertical-align:top}
td input{margin-top:0;max-width:8rem}caption{text-align:left}#socksPort,#basePort{max-width:10rem}
</style></head><body>
<h1>Fleetgate connector <span class="hint">version ${escape(status.version)}</span></h1>
<p>Status: <strong>${escape(status.status)}</strong> — ${escape(status.message)} (code ${status.code})</p>
${status.owner && status.status !== 'idle' ? `<p>Session of ${escape(status.owner.name)} (the user who connected)</p>` : ''}
${listening.length ? `<ul>${listening.map((p) => `<li>${p}</li>`).join('')}</ul>` : ''}
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
<h2>Local ports</h2>
<p class="hint">Each device service keeps its local port on 127.0.0.1 from one connect to the next,
and so does the SOCKS5 proxy. Change a port here (${minLocalPort}–${maxLocalPort}, each port once, not ${apiPort})
or empty it to get a new one; changes apply at the next connect. When another program holds a
port, the connector takes the next free one, remembers it and says so in the status and the log.</p>
<label for="socksPort">SOCKS5 proxy port</label>
<input id="socksPort" name="socksPort" inputmode="numeric" value="${portValue('socksPort', ports.socksPort)}"${described('socksPort')}>
${portError('socksPort')}
${
  ports.services.length
    ? `<table><caption class="hint">Device services</caption><thead><tr><th scope="col">Device</th><th scope="col">Service</th><th scope="col">Port</th></tr></thead>
<tbody>
${serviceRows}
</tbody></table>`
    : '<p class="hint">No device services yet: each gets its port at its first connect.</p>'
}
<label for="basePort">First port for new local ports (empty: any free port)</label>
<input id="basePort" name="basePort" inputmode="numeric" value="${escape(String(settings.basePort ?? ''))}">
${errorFor('basePort')}
<div class="hint">A service without a port gets the first free one from here upwards.</div>
<button type="submit">Save</button>
</form>
<h2>Log</h2>
<pre tabindex="0" aria-label="Log">${escape(input.log.join('\n')) || 'No entries yet.'}</pre>
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

/**
 * The port fields of the form as a port record for parsePorts. Services the form does not name
 * (given a port since the page was loaded) keep theirs; an emptied field forgets the port, so
 * the next connect picks a new one. `fields` maps each record entry back to its form field.
 */
export function portsFromForm(
  form: URLSearchParams,
  current: PortRecord,
): { input: { socksPort: unknown; services: unknown[] }; fields: string[]; values: Record<string, string> } {
  const values: Record<string, string> = {};
  const number = (field: string, fallback: number | null): unknown => {
    const raw = form.get(field);
    if (raw === null) return fallback;
    values[field] = raw;
    const text = raw.trim();
    if (text === '') return null;
    return /^\d{1,6}$/.test(text) ? Number(text) : text;
  };
  const socksPort = number('socksPort', current.socksPort);
  const services: unknown[] = [];
  const fields: string[] = [];
  for (const entry of current.services) {
    const field = servicePortField(entry.agentId, entry.serviceId);
    const port = number(field, entry.port);
    if (port === null) continue;
    services.push({ ...entry, port });
    fields.push(field);
  }
  return { input: { socksPort, services }, fields, values };
}

/** Port errors under the names of the form's fields (`socksPort`, `port:<agent>:<service>`). */
export function portErrorsForForm(errors: PortError[], fields: string[]): SettingsError[] {
  return errors.map((error) => {
    const index = /^services\.(\d+)$/.exec(error.propertyName)?.[1];
    return index === undefined
      ? error
      : { ...error, propertyName: fields[Number(index)] ?? error.propertyName };
  });
}
