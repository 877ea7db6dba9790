import { describe, expect, it } from 'vitest';
import { coversScreen, createViewerStore } from './viewer-store.ts';

const hmiScreen = {
  agent: { publicId: 'agent0000001', name: 'Press 4' },
  server: { publicId: 'server000001', name: 'vnc' },
};
const panel = {
  agent: { publicId: 'agent0000002', name: 'Press 5' },
  server: { publicId: 'server000002', name: 'vnc' },
};

describe('viewer store', () => {
  it('starts closed and does not cover the screen', () => {
    const store = createViewerStore();
    expect(store.get()).toEqual({ target: null, minimised: false });
    expect(coversScreen(store.get())).toBe(false);
  });

  it('covers the screen while open, not while minimised, again when restored, not once closed', () => {
    const store = createViewerStore();
    store.open(hmiScreen);
    expect(coversScreen(store.get())).toBe(true);
    store.minimise();
    expect(store.get()).toEqual({ target: hmiScreen, minimised: true });
    expect(coversScreen(store.get())).toBe(false);
    store.restore();
    expect(coversScreen(store.get())).toBe(true);
    store.close();
    expect(store.get()).toEqual({ target: null, minimised: false });
    expect(coversScreen(store.get())).toBe(false);
  });

  it('keeps one viewer: opening another service replaces it, shown again even if minimised', () => {
    const store = createViewerStore();
    store.open(hmiScreen);
    store.minimise();
    store.open(panel);
    expect(store.get()).toEqual({ target: panel, minimised: false });
  });

  it('ignores minimise and restore without a viewer', () => {
    const store = createViewerStore();
    store.minimise();
    store.restore();
    expect(store.get()).toEqual({ target: null, minimised: false });
  });

  it('tells subscribers of each change until they unsubscribe', () => {
    const store = createViewerStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.open(hmiScreen);
    store.minimise();
    unsubscribe();
    store.close();
    expect(calls).toBe(2);
  });
});
