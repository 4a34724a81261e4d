import { describe, expect, it } from 'vitest';
import { chartImage } from './chart-image';

const chart = () => {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 640 280');
  document.body.appendChild(svg);
  return svg;
};

describe('a chart as an image', () => {
  it('in Arabic starts its title and legend at the right edge and writes them leftwards, inside the image', () => {
    const { svg, width } = chartImage({
      chart: chart(),
      title: 'عدد الموظفين عبر الزمن',
      legend: [{ label: 'عدد الموظفين في النهاية', color: '#228be6' }],
      rtl: true,
      lang: 'ar',
    });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.documentElement.getAttribute('direction')).toBe('rtl');
    const [title, legend] = Array.from(doc.querySelectorAll(':scope > text, g > text'));
    // In a right-to-left image 'start' is the right end: anchored at its 'end' at the right edge,
    // the title and the legend ran off the PNG to the right ("عد…" cut at the edge).
    expect(title?.getAttribute('text-anchor')).toBe('start');
    expect(Number(title?.getAttribute('x'))).toBe(width - 16);
    expect(legend?.getAttribute('text-anchor')).toBe('start');
    expect(Number(legend?.getAttribute('x'))).toBeLessThan(0);
  });

  it('in English starts them at the left edge', () => {
    const { svg } = chartImage({
      chart: chart(),
      title: 'Headcount over time',
      legend: [{ label: 'Headcount, end', color: '#228be6' }],
      rtl: false,
      lang: 'en',
    });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const [title, legend] = Array.from(doc.querySelectorAll(':scope > text, g > text'));
    expect(title?.getAttribute('text-anchor')).toBe('start');
    expect(Number(title?.getAttribute('x'))).toBe(16);
    expect(Number(legend?.getAttribute('x'))).toBeGreaterThan(0);
  });
});
