/** Texts of the local addresses of a connected device (VPN info dialog and device page). */
export const localAddressesEn = {
  title: 'Local addresses',
  hint: 'Reachable on this computer while connected; each service keeps its port at every connect.',
  onThisComputer: 'On this computer',
  onTheDevice: 'On the device: {{address}}',
  open: 'Open',
  openService: 'Open {{name}} in a new tab',
  copy: 'Copy address of {{name}}',
  copySocks: 'Copy SOCKS5 proxy address',
  copyCommand: 'Copy command',
  commandCopied: 'Command copied',
  copied: '{{address}} copied',
  copyFailed: 'Could not copy: select the address and copy it by hand',
  moved: '{{from}} was in use by another program: {{name}} is now on {{to}}, also at the next connects.',
  socks: 'SOCKS5 proxy',
  socksHint: 'For any tool, with names resolved on the device side (socks5h):',
  changePorts: 'Change ports',
};
