import { useMatches } from 'react-router';
import type { Feature } from '../../app/feature.ts';

/** Attached to each feature's route so the shell knows which registry entry is on screen. */
export type FeatureHandle = { featureId: string };

function isFeatureHandle(handle: unknown): handle is FeatureHandle {
  return (
    typeof handle === 'object' && handle !== null && typeof (handle as FeatureHandle).featureId === 'string'
  );
}

/** The registry entry of the deepest matched route that belongs to a feature. */
export function useCurrentFeature(features: readonly Feature[]): Feature | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isFeatureHandle(handle)) return features.find((feature) => feature.id === handle.featureId);
  }
  return undefined;
}
