import { capabilityCatalogue, type Capability } from '@fleetgate/contracts';
import type { TFunction } from 'i18next';

type TextKey<K extends string> = K extends `${infer Area}.${infer Right}` ? `${Area}_${Right}` : K;

/** Translation keys cannot contain the dot of `users.invite`, so the texts use `users_invite`. */
export function capabilityText(t: TFunction, capability: Capability): string {
  const key = capability.replace('.', '_') as TextKey<Capability>;
  return t(`roles.capabilities.${key}`);
}

export const capabilityKinds = ['manage', 'use'] as const;
export type CapabilityKind = (typeof capabilityKinds)[number];

/** The catalogue grouped by kind, in catalogue order. */
export function capabilitiesOfKind(kind: CapabilityKind): Capability[] {
  return capabilityCatalogue.filter((entry) => entry.kind === kind).map((entry) => entry.key);
}
