import { useSyncExternalStore } from 'react';

/** The service a screen viewer shows: which device and which of its VNC services. */
export type ViewerTarget = {
  agent: { publicId: string; name: string };
  server: { publicId: string; name: string };
};

export type ViewerState = { target: ViewerTarget | null; minimised: boolean };

/**
 * The one screen viewer of the portal, outside React's tree of pages so it stays open while the
 * user moves between pages. One viewer at a time: opening another service replaces it. The VPN
 * status bar reads `coversScreen` (portal spec §4: suppressed while a viewer is open and not
 * minimised).
 */
export function createViewerStore() {
  let state: ViewerState = { target: null, minimised: false };
  const listeners = new Set<() => void>();
  const set = (next: ViewerState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    open: (target: ViewerTarget) => set({ target, minimised: false }),
    minimise: () => state.target && set({ ...state, minimised: true }),
    restore: () => state.target && set({ ...state, minimised: false }),
    close: () => set({ target: null, minimised: false }),
  };
}

export type ViewerStore = ReturnType<typeof createViewerStore>;

/** Whether a viewer fills the screen: open and not minimised. */
export const coversScreen = (state: ViewerState) => state.target !== null && !state.minimised;

export const viewerStore = createViewerStore();

export function useViewerState(store: ViewerStore = viewerStore): ViewerState {
  return useSyncExternalStore(store.subscribe, store.get);
}

/** True while the screen viewer is open and not minimised. */
export function useViewerCoversScreen(): boolean {
  return coversScreen(useViewerState());
}
