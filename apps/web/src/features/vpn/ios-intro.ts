import { createStoredValue } from '../../app/stored-value.ts';

/** Spec §3 "iOS intro seen flag: kept forever": once dismissed, never shown in this browser again. */
const storedIosIntroSeen = createStoredValue('fleetgate.vpn.iosIntroSeen', false, (raw) => raw === true);

export const useIosIntroSeen = () => storedIosIntroSeen.useValue();
export const markIosIntroSeen = () => storedIosIntroSeen.set(true);
