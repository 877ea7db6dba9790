import { screenHeight, screenWidth, type Rect } from './rfb-screen.ts';

/* Which parts of the screen changed, in 16×16 tiles, and rectangle arithmetic for updates. */

export const tileSize = 16;
export const tilesX = Math.ceil(screenWidth / tileSize);
export const tilesY = Math.ceil(screenHeight / tileSize);

export function changedTiles(before: Uint32Array, after: Uint32Array): Uint8Array {
  const changed = new Uint8Array(tilesX * tilesY);
  for (let y = 0; y < screenHeight; y += 1)
    for (let x = 0; x < screenWidth; x += 1) {
      const index = y * screenWidth + x;
      if (before[index] !== after[index])
        changed[Math.floor(y / tileSize) * tilesX + Math.floor(x / tileSize)] = 1;
    }
  return changed;
}

export const tileRect = (tile: number): Rect =>
  clip({ x: (tile % tilesX) * tileSize, y: Math.floor(tile / tilesX) * tileSize, w: tileSize, h: tileSize });

export function tilesIn(rect: Rect): number[] {
  const tiles: number[] = [];
  if (rect.w === 0 || rect.h === 0) return tiles;
  for (let ty = Math.floor(rect.y / tileSize); ty <= Math.floor((rect.y + rect.h - 1) / tileSize); ty += 1)
    for (let tx = Math.floor(rect.x / tileSize); tx <= Math.floor((rect.x + rect.w - 1) / tileSize); tx += 1)
      tiles.push(ty * tilesX + tx);
  return tiles;
}

/** Joins dirty tiles into rectangles: runs along a row, then equal runs on following rows. */
export function mergeTiles(tiles: number[]): Rect[] {
  const rects: Rect[] = [];
  const open = new Map<string, Rect>();
  const set = new Set(tiles);
  for (let ty = 0; ty < tilesY; ty += 1) {
    const runs: Rect[] = [];
    for (let tx = 0; tx < tilesX; tx += 1) {
      if (!set.has(ty * tilesX + tx)) continue;
      const last = runs.at(-1);
      if (last && last.x + last.w === tx) last.w += 1;
      else runs.push({ x: tx, y: ty, w: 1, h: 1 });
    }
    const next = new Map<string, Rect>();
    for (const run of runs) {
      const key = `${run.x}:${run.w}`;
      const above = open.get(key);
      if (above) {
        above.h += 1;
        next.set(key, above);
      } else {
        rects.push(run);
        next.set(key, run);
      }
    }
    open.clear();
    for (const [key, rect] of next) open.set(key, rect);
  }
  return rects.map((r) =>
    clip({ x: r.x * tileSize, y: r.y * tileSize, w: r.w * tileSize, h: r.h * tileSize }),
  );
}

export function clip(rect: Rect): Rect {
  const x = Math.min(rect.x, screenWidth);
  const y = Math.min(rect.y, screenHeight);
  return {
    x,
    y,
    w: Math.max(0, Math.min(rect.w, screenWidth - x)),
    h: Math.max(0, Math.min(rect.h, screenHeight - y)),
  };
}

export function intersect(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return {
    x,
    y,
    w: Math.max(0, Math.min(a.x + a.w, b.x + b.w) - x),
    h: Math.max(0, Math.min(a.y + a.h, b.y + b.h) - y),
  };
}

export const covers = (outer: Rect, inner: Rect) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.w <= outer.x + outer.w &&
  inner.y + inner.h <= outer.y + outer.h;
