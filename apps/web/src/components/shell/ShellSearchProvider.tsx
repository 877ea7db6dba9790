import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ShellSearchContext, type ShellSearchState } from './use-shell-search.ts';

export const searchSettleMs = 250;

type Settled = { scope: string | undefined; value: string };

/** Keeps one search text per scope, so each list finds its own filter again when revisited. */
export function ShellSearchProvider({ scope, children }: { scope: string | undefined; children: ReactNode }) {
  const [texts, setTexts] = useState<Record<string, string>>({});
  const text = scope === undefined ? '' : (texts[scope] ?? '');
  const [settled, setSettled] = useState<Settled>({ scope, value: text });

  useEffect(() => {
    if (settled.scope === scope && settled.value === text) return undefined;
    const timer = window.setTimeout(
      () => setSettled({ scope, value: text }),
      settled.scope === scope ? searchSettleMs : 0,
    );
    return () => window.clearTimeout(timer);
  }, [scope, text, settled]);

  // A new scope filters with its own text at once, never with the previous scope's.
  const query = (settled.scope === scope ? settled.value : text).trim();

  const value = useMemo<ShellSearchState>(
    () => ({
      scope,
      text,
      query,
      setText: (next) => {
        if (scope !== undefined) setTexts((current) => ({ ...current, [scope]: next }));
      },
    }),
    [scope, text, query],
  );
  return <ShellSearchContext value={value}>{children}</ShellSearchContext>;
}
