import { createTheme, DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver } from './providers';

const luminance = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};

describe('a hovered light button', () => {
  it('keeps its label at AA contrast in the light scheme (the label is shade 9)', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, createTheme({ primaryColor: 'indigo' }));
    const light = cssVariablesResolver(theme).light;
    for (const color of ['indigo', 'red', 'violet', 'blue', 'gray', 'dark', 'grape', 'pink']) {
      const hover = light[`--mantine-color-${color}-light-hover`];
      expect(hover).toBe(`var(--mantine-color-${color}-0)`);
      const shades = theme.colors[color]!;
      // Mantine's own hover (shade 2) fails for indigo (4.1:1) and red (3.8:1); shade 0 passes.
      expect(contrast(shades[9], shades[0]), color).toBeGreaterThanOrEqual(4.5);
    }
  });
});
