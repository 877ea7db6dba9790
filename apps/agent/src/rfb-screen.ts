import { drawText, textWidth } from './rfb-font.ts';

/** The simulator's HMI screen, drawn for its VNC service: a tank, its level trend and a pump button. */
export const screenWidth = 400;
export const screenHeight = 240;

export type Rect = { x: number; y: number; w: number; h: number };

/** The clickable pump button (green: running, red: stopped). */
export const pumpButton: Rect = { x: 240, y: 40, w: 144, h: 60 };
export const colours = {
  background: 0x10243e,
  header: 0x1c3a5e,
  text: 0xffffff,
  muted: 0x8fa9c8,
  well: 0x0b1a2d,
  water: 0x2f80ed,
  trend: 0x56ccf2,
  pumpOn: 0x1e8e3e,
  pumpOff: 0xc5221f,
} as const;

const tank: Rect = { x: 16, y: 40, w: 64, h: 150 };
const trendBox: Rect = { x: 96, y: 112, w: 288, h: 80 };
const trendSamples = trendBox.w / 4;

export type HmiState = {
  name: string;
  pumpOn: boolean;
  /** Tank level in per cent, without the ripple. */
  base: number;
  tick: number;
  /** The shown level of the last samples, oldest first. */
  trend: number[];
  clipboard: string;
  viewers: number;
};

export function initialState(name: string): HmiState {
  return { name, pumpOn: true, base: 72, tick: 0, trend: [72], clipboard: '', viewers: 0 };
}

export const shownLevel = (state: HmiState) =>
  Math.max(0, Math.min(100, Math.round(state.base + 2 * Math.sin(state.tick / 2))));

/** One step of the simulation: a running pump fills the tank, a stopped one lets it drain. */
export function advance(state: HmiState): void {
  state.tick += 1;
  state.base = state.pumpOn ? Math.min(92, state.base + 3) : Math.max(8, state.base - 2);
  state.trend.push(shownLevel(state));
  if (state.trend.length > trendSamples) state.trend.shift();
}

export const insideRect = (r: Rect, x: number, y: number) =>
  x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;

/** Draws the whole screen as 0xRRGGBB pixels, row by row. */
export function drawScreen(state: HmiState): Uint32Array {
  const pixels = new Uint32Array(screenWidth * screenHeight).fill(colours.background);
  const fill = (r: Rect, colour: number) => {
    for (let y = r.y; y < r.y + r.h; y += 1)
      pixels.fill(colour, y * screenWidth + r.x, y * screenWidth + r.x + r.w);
  };
  const text = (x: number, y: number, value: string, colour: number, scale = 1) =>
    drawText(pixels, screenWidth, x, y, value, colour, scale);

  fill({ x: 0, y: 0, w: screenWidth, h: 28 }, colours.header);
  text(8, 7, state.name.slice(0, 32), colours.text, 2);

  const level = shownLevel(state);
  fill(tank, colours.muted);
  fill({ x: tank.x + 2, y: tank.y + 2, w: tank.w - 4, h: tank.h - 4 }, colours.well);
  const water = Math.round(((tank.h - 4) * level) / 100);
  fill({ x: tank.x + 2, y: tank.y + tank.h - 2 - water, w: tank.w - 4, h: water }, colours.water);

  text(96, 40, 'TANK LEVEL', colours.muted);
  text(96, 56, `${level}%`, colours.text, 4);

  const button = state.pumpOn ? 'PUMP ON' : 'PUMP OFF';
  fill(pumpButton, colours.text);
  fill(
    { x: pumpButton.x + 2, y: pumpButton.y + 2, w: pumpButton.w - 4, h: pumpButton.h - 4 },
    state.pumpOn ? colours.pumpOn : colours.pumpOff,
  );
  text(pumpButton.x + (pumpButton.w - textWidth(button, 2)) / 2, pumpButton.y + 23, button, colours.text, 2);

  fill(trendBox, colours.well);
  fill({ x: trendBox.x, y: trendBox.y + trendBox.h / 2, w: trendBox.w, h: 1 }, colours.header);
  for (const [index, sample] of state.trend.entries()) {
    const x = trendBox.x + (trendSamples - state.trend.length + index) * 4;
    const y = trendBox.y + Math.round(((trendBox.h - 3) * (100 - sample)) / 100);
    fill({ x, y, w: 4, h: 3 }, colours.trend);
  }

  text(16, 204, `CLIPBOARD: ${state.clipboard.replace(/\s+/g, ' ').slice(0, 50)}`, colours.muted);
  text(
    16,
    220,
    `STATUS: ${state.pumpOn ? 'FILLING' : 'DRAINING'}   VIEWERS: ${state.viewers}`,
    colours.muted,
  );
  return pixels;
}
