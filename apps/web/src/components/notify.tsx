import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import type SnackbarType from '@mui/material/Snackbar';

type SnackbarComponent = typeof SnackbarType;
let loadedSnackbar: SnackbarComponent | null = null;
let loadingSnackbar: Promise<void> | null = null;

/**
 * Most page loads show no message, so the login page does not load the snack bar's code. The
 * shell loads it ahead (`preloadSnackbar`): "No connection" must show while offline, when no code
 * can be fetched. A failed load is tried again with the next message instead of failing the page.
 */
export function preloadSnackbar(): Promise<void> {
  loadingSnackbar ??= import('@mui/material/Snackbar').then(
    (module) => {
      loadedSnackbar = module.default;
    },
    () => {
      loadingSnackbar = null;
    },
  );
  return loadingSnackbar;
}

export type NotifyOptions = {
  /** How long the message stays; `null` keeps it until dismissed or replaced. Default 4000 ms. */
  durationMs?: number | null;
  /** One action button, e.g. Retry or Reload now. */
  action?: { label: string; onClick: () => void };
  /** A message with the same key replaces the one showing instead of queueing behind it. */
  key?: string;
};

type Notice = NotifyOptions & { id: number; message: string };
type NotifyContext = {
  notify: (message: string, options?: NotifyOptions) => void;
  dismiss: (key: string) => void;
};

const Context = createContext<NotifyContext | null>(null);
let nextId = 1;

/** Shows snack-bar messages one at a time, in the order they were asked for. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Notice[]>([]);
  const current = queue[0];
  const [Snackbar, setSnackbar] = useState(() => loadedSnackbar);
  useEffect(() => {
    if (!current || Snackbar) return;
    void preloadSnackbar().then(() => setSnackbar(() => loadedSnackbar));
  }, [current, Snackbar]);

  const notify = useCallback((message: string, options: NotifyOptions = {}) => {
    const notice = { ...options, id: nextId++, message };
    setQueue((q) => (options.key ? [...q.filter((n) => n.key !== options.key), notice] : [...q, notice]));
  }, []);
  const dismiss = useCallback((key: string) => setQueue((q) => q.filter((n) => n.key !== key)), []);
  const handleClose = useCallback((_event: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setQueue((q) => q.slice(1));
  }, []);

  const value = useMemo(() => ({ notify, dismiss }), [notify, dismiss]);
  return (
    <Context.Provider value={value}>
      {children}
      {current && Snackbar && (
        <Snackbar
          key={current.id}
          open
          message={current.message}
          autoHideDuration={current.durationMs === undefined ? 4000 : current.durationMs}
          onClose={handleClose}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          action={
            current.action && (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  current.action?.onClick();
                  handleClose(null);
                }}
              >
                {current.action.label}
              </Button>
            )
          }
        />
      )}
    </Context.Provider>
  );
}

export function useNotify(): NotifyContext {
  const context = useContext(Context);
  if (!context) throw new Error('useNotify needs a NotifyProvider');
  return context;
}
