import { modbusRegisterMap } from './modbus-machine.ts';
import type { ScreensaverImage } from './screensaver.ts';

/**
 * The simulated device's HMI web application: one page, its style sheet, its script and one
 * small icon per tile. Sized like a real panel's start page (HTML plus 20 sub-resources), so
 * web access and its benchmark load something realistic rather than one HTML file.
 */

export type HmiTile = {
  /** Icon file name (`/icons/<icon>.svg`) and element id of the value. */
  icon: string;
  name: string;
  value: string;
  unit: string;
  /** Icon colour. */
  colour: string;
  /** SVG shapes (24×24 view box) drawn with the colour as stroke. */
  shapes: string;
};

export const hmiTiles: readonly HmiTile[] = [
  {
    icon: 'pump',
    name: 'Pump',
    value: '1450',
    unit: 'rpm',
    colour: '#4fc3f7',
    shapes: '<circle cx="12" cy="12" r="7"/><path d="M12 5v7l5 4M3 12h2M19 12h2"/>',
  },
  {
    icon: 'tank',
    name: 'Tank level',
    value: '72',
    unit: '%',
    colour: '#81c784',
    shapes: '<rect x="5" y="3" width="14" height="18" rx="2"/><path d="M5 10h14M8 14h8M8 17h8"/>',
  },
  {
    icon: 'valve',
    name: 'Inlet valve',
    value: 'OPEN',
    unit: '',
    colour: '#ffb74d',
    shapes: '<path d="M3 7v10l9-5zM21 7v10l-9-5zM12 12V4M8 4h8"/>',
  },
  {
    icon: 'motor',
    name: 'Motor current',
    value: '12.4',
    unit: 'A',
    colour: '#ba68c8',
    shapes: '<rect x="4" y="7" width="13" height="10" rx="1"/><path d="M17 12h4M7 7V5h7v2M7 17v2h7v-2"/>',
  },
  {
    icon: 'temperature',
    name: 'Oil temperature',
    value: '48.2',
    unit: '°C',
    colour: '#e57373',
    shapes: '<path d="M10 4a2 2 0 0 1 4 0v10a4 4 0 1 1-4 0z"/><path d="M12 9v8"/>',
  },
  {
    icon: 'pressure',
    name: 'Line pressure',
    value: '4.8',
    unit: 'bar',
    colour: '#f06292',
    shapes: '<circle cx="12" cy="13" r="8"/><path d="M12 13l4-4M8 3h8"/>',
  },
  {
    icon: 'flow',
    name: 'Flow',
    value: '36.5',
    unit: 'm³/h',
    colour: '#4dd0e1',
    shapes: '<path d="M2 9c3-3 5 3 8 0s5 3 8 0 3 0 4 0M2 15c3-3 5 3 8 0s5 3 8 0 3 0 4 0"/>',
  },
  {
    icon: 'level',
    name: 'Silo level',
    value: '5.2',
    unit: 'm',
    colour: '#aed581',
    shapes: '<path d="M6 3h12v13l-6 5-6-5zM6 11h12"/>',
  },
  {
    icon: 'power',
    name: 'Active power',
    value: '18.9',
    unit: 'kW',
    colour: '#fff176',
    shapes: '<path d="M13 2L5 14h6l-1 8 8-12h-6z"/>',
  },
  {
    icon: 'voltage',
    name: 'Supply voltage',
    value: '401',
    unit: 'V',
    colour: '#ffd54f',
    shapes: '<path d="M4 6l8 14 8-14M2 6h4M18 6h4"/>',
  },
  {
    icon: 'frequency',
    name: 'Drive frequency',
    value: '48.3',
    unit: 'Hz',
    colour: '#9575cd',
    shapes: '<path d="M2 12c2-8 4-8 5 0s3 8 5 0 3-8 5 0 3 8 5 0"/>',
  },
  {
    icon: 'humidity',
    name: 'Cabinet humidity',
    value: '41',
    unit: '%RH',
    colour: '#64b5f6',
    shapes: '<path d="M12 3c4 5 6 8 6 11a6 6 0 0 1-12 0c0-3 2-6 6-11z"/>',
  },
  {
    icon: 'conveyor',
    name: 'Conveyor speed',
    value: '0.85',
    unit: 'm/s',
    colour: '#a1887f',
    shapes:
      '<rect x="2" y="9" width="20" height="6" rx="3"/><circle cx="6" cy="12" r="1"/><circle cx="18" cy="12" r="1"/><path d="M8 6h8"/>',
  },
  {
    icon: 'counter',
    name: 'Parts today',
    value: '12 480',
    unit: 'pcs',
    colour: '#90a4ae',
    shapes: '<rect x="3" y="6" width="18" height="12" rx="1"/><path d="M7 10v4M11 10v4M15 10h2v4h-2"/>',
  },
  {
    icon: 'vibration',
    name: 'Bearing vibration',
    value: '2.1',
    unit: 'mm/s',
    colour: '#ff8a65',
    shapes: '<rect x="8" y="4" width="8" height="16" rx="1"/><path d="M4 8v8M20 8v8M2 10v4M22 10v4"/>',
  },
  {
    icon: 'runtime',
    name: 'Run time',
    value: '8 742',
    unit: 'h',
    colour: '#4db6ac',
    shapes: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 3"/>',
  },
  {
    icon: 'alarm',
    name: 'Active alarms',
    value: '0',
    unit: '',
    colour: '#ef5350',
    shapes: '<path d="M6 17V11a6 6 0 0 1 12 0v6l2 2H4zM10 21h4"/>',
  },
  {
    icon: 'state',
    name: 'State',
    value: 'RUNNING',
    unit: '',
    colour: '#66bb6a',
    shapes: '<circle cx="12" cy="12" r="9"/><path d="M10 8l6 4-6 4z"/>',
  },
];

/** The page's 20 sub-resources, in the order it references them (for tests and the benchmark). */
export const hmiAssetPaths: readonly string[] = [
  '/hmi.css',
  '/hmi.js',
  ...hmiTiles.map((tile) => `/icons/${tile.icon}.svg`),
];

/** One tile's icon: a hand-written 24×24 line drawing in the tile's colour. */
export const hmiIcon = (tile: HmiTile) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="${tile.colour}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${tile.shapes}</svg>\n`;

export const hmiCss = `body{font-family:sans-serif;background:#10243e;color:#fff;margin:0;padding:2rem}
header{display:flex;align-items:center;gap:1rem;flex-wrap:wrap}
h1{margin:0 1rem 0 0}
.badge{border-radius:1rem;padding:.2rem .8rem;font-size:.9rem;font-weight:bold;background:#8a3b3b}
.badge.live{background:#2e7d32}
.tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr));gap:1rem;margin:1.5rem 0}
.tile{background:#1c3a5e;border-radius:8px;padding:1rem 1.5rem}
.tile img{display:block;width:32px;height:32px;margin-bottom:.5rem}
.name{font-size:.9rem;color:#b8cde6}
.value{font-size:2rem;font-weight:bold;display:inline}
.unit{margin-left:.3rem;color:#b8cde6}
form.tile{display:flex;align-items:end;gap:1rem;flex-wrap:wrap;max-width:40rem}
form label{display:flex;flex-direction:column;gap:.3rem}
form input{font-size:1.2rem;width:8rem;padding:.3rem;border-radius:4px;border:0}
form button{font-size:1.1rem;padding:.4rem 1.2rem;border-radius:4px;border:0;background:#4fc3f7;color:#10243e;font-weight:bold;cursor:pointer}
table.registers{border-collapse:collapse;margin-top:.5rem}table.registers td,table.registers th{padding:.2rem .8rem;text-align:left;border-bottom:1px solid #2e5582}
#alarm-state.on{color:#ef5350;font-weight:bold}
.display{display:block;margin:1.5rem 0;max-width:40rem}.display img{display:block;max-width:100%;max-height:20rem;border-radius:4px}
`;

/**
 * The page's script: live values over a WebSocket on the page's own origin (so it works the same
 * directly and through web access, where the origin is the session host), and the set-point form.
 */
export const hmiJs = `'use strict';
(function () {
  var status = document.getElementById('live-status');
  var rpm = document.getElementById('rpm');
  function show(live) {
    status.textContent = live ? 'live' : 'offline';
    status.className = live ? 'badge live' : 'badge';
  }
  function connect() {
    var url = new URL('/live', location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    var socket = new WebSocket(url);
    socket.onopen = function () { show(true); };
    socket.onmessage = function (event) {
      var values = JSON.parse(event.data);
      if (typeof values.rpm === 'number') rpm.textContent = String(values.rpm);
    };
    socket.onclose = function () {
      show(false);
      setTimeout(connect, 2000);
    };
  }
  connect();

  var alarmState = document.getElementById('alarm-state');
  function setAlarm(on) {
    fetch('/api/alarm', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ on: on }),
    })
      .then(function (response) { return response.json(); })
      .then(function (body) {
        alarmState.textContent = body.alarm ? 'ALARM' : 'no alarm';
        alarmState.className = body.alarm ? 'on' : '';
      })
      .catch(function () { alarmState.textContent = 'alarm not sent'; });
  }
  if (alarmState) {
    document.getElementById('alarm-trip').addEventListener('click', function () { setAlarm(true); });
    document.getElementById('alarm-reset').addEventListener('click', function () { setAlarm(false); });
  }

  var form = document.getElementById('setpoint-form');
  var answer = document.getElementById('setpoint-status');
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var value = Number(document.getElementById('setpoint').value);
    fetch('/api/setpoint', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rpm: value }),
    })
      .then(function (response) { return response.json(); })
      .then(function (body) { answer.textContent = 'Set point accepted: ' + body.setpoint.rpm + ' rpm'; })
      .catch(function () { answer.textContent = 'Set point not sent'; });
  });
})();
`;

/** The display panel: the screensaver image (its tag in the URL, so a new one is not cached), or a note. */
const displayPanel = (image: ScreensaverImage | null) =>
  image
    ? `<img id="screensaver" src="/screensaver?v=${encodeURIComponent(image.etag.replace(/"/g, ''))}" alt="Display screensaver">`
    : '<p id="screensaver-none">No screensaver is set for this display.</p>';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const tileHtml = (tile: HmiTile) =>
  `<div class="tile"><img src="/icons/${tile.icon}.svg" alt=""><div class="name">${tile.name}</div>` +
  `<span class="value" id="${tile.icon === 'pump' ? 'rpm' : tile.icon}">${tile.value}</span>` +
  `<span class="unit">${tile.unit}</span></div>`;

/** The machine's alarm and its Modbus register map, so a user knows which addresses to log. */
const machinePanel = (
  alarm: boolean,
) => `<section class="tile display" aria-labelledby="machine-title"><h2 id="machine-title">Machine (Modbus TCP, service "modbus")</h2>
<p>Alarm: <span id="alarm-state"${alarm ? ' class="on"' : ''}>${alarm ? 'ALARM' : 'no alarm'}</span>
<button type="button" id="alarm-trip">Trip alarm</button> <button type="button" id="alarm-reset">Reset alarm</button></p>
<table class="registers"><thead><tr><th>Address</th><th>Value</th><th>Data type</th><th>Scale</th><th>Unit</th></tr></thead><tbody>
${modbusRegisterMap.map((r) => `<tr><td>${r.address}</td><td>${r.name}</td><td>${r.dataType}</td><td>${r.scale}</td><td>${r.unit}</td></tr>`).join('\n')}
</tbody></table><p>Input registers (ir:) and discrete inputs (di:) hold the same values; writing coil 1 trips or resets the alarm.</p></section>`;

export const hmiPage = (name: string, image: ScreensaverImage | null, alarm?: boolean) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(name)} HMI</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/hmi.css"><script src="/hmi.js" defer></script></head>
<body><header><h1>${escapeHtml(name)} — line 1</h1><span id="live-status" class="badge">offline</span></header>
<main class="tiles">
${hmiTiles.map(tileHtml).join('\n')}
</main>
<form class="tile" id="setpoint-form"><label>Pump set point (rpm)
<input id="setpoint" name="rpm" type="number" min="0" max="3000" value="1450"></label>
<button type="submit">Send set point</button><output id="setpoint-status"></output></form>
${alarm === undefined ? '' : machinePanel(alarm)}
<section class="tile display" aria-labelledby="display-title"><h2 id="display-title">Display screensaver</h2>
${displayPanel(image)}</section>
</body></html>`;
