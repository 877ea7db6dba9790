import { createContext, useContext } from 'react';
import type { Feature } from '../../app/feature.ts';

export type ShellContextValue = {
  /** The whole feature registry. */
  features: readonly Feature[];
  /** The registry entry of the route being shown, if any. */
  currentFeature: Feature | undefined;
};

export const ShellContext = createContext<ShellContextValue | null>(null);

/** The feature registry and the current feature, for screens inside the shell. */
export function useShellContext(): ShellContextValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShellContext is used outside the shell');
  return value;
}
