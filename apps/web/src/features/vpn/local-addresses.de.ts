import type { Translated } from '../../app/locales/translated.ts';
import type { localAddressesEn } from './local-addresses.en.ts';

/** German texts of the local addresses of a connected device (VPN info dialog and device page). */
export const localAddressesDe: Translated<typeof localAddressesEn> = {
  title: 'Lokale Adressen',
  hint: 'Auf diesem Computer erreichbar, solange die Verbindung besteht; jeder Dienst behält seinen Port bei jeder Verbindung.',
  onThisComputer: 'Auf diesem Computer',
  onTheDevice: 'Auf dem Gerät: {{address}}',
  open: 'Öffnen',
  openService: '{{name}} in einem neuen Tab öffnen',
  copy: 'Adresse von {{name}} kopieren',
  copySocks: 'Adresse des SOCKS5-Proxys kopieren',
  copyCommand: 'Befehl kopieren',
  commandCopied: 'Befehl kopiert',
  copied: '{{address}} kopiert',
  copyFailed: 'Kopieren nicht möglich: Markieren Sie die Adresse und kopieren Sie sie selbst',
  moved:
    '{{from}} war von einem anderen Programm belegt: {{name}} liegt jetzt auf {{to}}, auch bei den nächsten Verbindungen.',
  socks: 'SOCKS5-Proxy',
  socksHint: 'Für jedes Werkzeug, mit Namensauflösung auf der Geräteseite (socks5h):',
  changePorts: 'Ports ändern',
};
