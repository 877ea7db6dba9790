import { createContext, useContext } from 'react';

export type ShellSearchState = {
  /** The current route's search scope; no search input without one. */
  scope: string | undefined;
  /** What the input shows, updated on every keystroke. */
  text: string;
  /** The text to filter with: trimmed and settled for a moment after typing. */
  query: string;
  setText: (text: string) => void;
};

export const ShellSearchContext = createContext<ShellSearchState | null>(null);

/**
 * The top-bar search text for the current route's search scope ('' when there is none).
 * List pages filter with it; it settles 250 ms after the last keystroke and is kept per
 * scope while the user moves between screens.
 */
export function useShellSearch(): string {
  const state = useContext(ShellSearchContext);
  return state?.scope === undefined ? '' : state.query;
}

export function useShellSearchState(): ShellSearchState | null {
  return useContext(ShellSearchContext);
}
