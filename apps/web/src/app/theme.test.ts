import { describe, expect, it } from 'vitest';
import { createTheme, getContrastRatio } from '@mui/material/styles';
import { createAppTheme, reducedMotion, textColorOn } from './theme.ts';

describe('branded theme', () => {
  it('puts text of at least 4.5:1 on any brand colour', () => {
    for (const color of [
      '#00897b',
      '#8e24aa',
      '#ffeb3b',
      '#777777',
      '#0d47a1',
      '#ff5722',
      '#000000',
      '#ffffff',
    ]) {
      expect(getContrastRatio(color, textColorOn(color)), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('takes the colours and the mode of a branding, Fleetgate’s without one', () => {
    const dark = createAppTheme({ primaryColor: '#00897b', secondaryColor: '#ffeb3b', mode: 'dark' });
    expect(dark.palette.mode).toBe('dark');
    expect(dark.palette.primary.main).toBe('#00897b');
    expect(dark.palette.secondary.contrastText).toBe('#000000');
    // Dark surfaces, not the light palette's page grey.
    expect(dark.palette.background.default).not.toBe('#f3f5f9');
    const light = createAppTheme({ primaryColor: '#8e24aa', secondaryColor: '#00897b', mode: 'light' });
    expect(light.palette.background.default).toBe('#f3f5f9');
    expect(light.palette.primary.contrastText).toBe('#ffffff');
    expect(createAppTheme().palette.primary.main).toBe('#0d47a1');
  });
});

describe('reduced motion', () => {
  it('takes every transition and the click ripple away, over any theme', () => {
    const moving = createAppTheme();
    expect(moving.transitions.create('opacity')).toMatch(/^opacity \d+ms/);
    const still = createTheme(moving, reducedMotion);
    expect(still.transitions.create('opacity')).toBe('none');
    expect(still.transitions.create(['width', 'margin'], { duration: 300 })).toBe('none');
    expect(Object.values(still.transitions.duration).every((ms) => ms === 0)).toBe(true);
    expect(still.components?.MuiButtonBase?.defaultProps).toMatchObject({ disableTouchRipple: true });
    // The palette and the rest of the theme stay as they were.
    expect(still.palette.primary.main).toBe('#0d47a1');
    expect(still.shape.borderRadius).toBe(10);
  });
});
