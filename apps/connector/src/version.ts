import manifest from '../package.json' with { type: 'json' };

/** The connector's version, reported in `/status` and on the settings page. */
export const connectorVersion: string = manifest.version;
