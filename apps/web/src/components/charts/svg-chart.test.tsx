import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { niceTicks, SvgChart } from './svg-chart';

const whole = (v: number) => String(Math.round(v));
const axisLabels = (svg: SVGSVGElement) => [...svg.querySelectorAll('g > text')].map((t) => t.textContent);

describe('SvgChart', () => {
  it('runs the axis between round ticks, whole for whole numbers', () => {
    // A headcount of 30 and 31: not 27 to 34.1 in quarters (labels 27, 29, 31, 32, 34).
    expect(niceTicks(27, 34.1, true)).toEqual([26, 28, 30, 32, 34, 36]);
    expect(niceTicks(0, 100, false)).toEqual([0, 25, 50, 75, 100]);
    // One day of leave: whole days, not 0, 0.3, 0.6, 0.8, 1.1.
    expect(niceTicks(0, 1.1, true)).toEqual([0, 1, 2]);
    expect(niceTicks(0, 1.1, false)).toEqual([0, 0.5, 1, 1.5]);
    // A lateness rate of 21.4 % at most.
    expect(niceTicks(0, 23.5, false)).toEqual([0, 10, 20, 30]);
    expect(niceTicks(1.8, 2.2, true)).toEqual([1, 2, 3]);
  });

  it('draws a bar for each of two places that read alike (two policies of one title)', () => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    const draw = (values: number[]) => (
      <SvgChart
        kind="bar"
        title="Completion by policy"
        labels={['Code of conduct', 'Code of conduct']}
        series={[{ key: 'c', label: 'Completion', color: 'var(--mantine-color-blue-6)', values }]}
        formatY={whole}
        ceiling={100}
      />
    );
    const { container, rerender } = renderScreen(draw([20, 80]));
    rerender(draw([30, 90]));
    const heights = [...container.querySelectorAll('g[data-series=c] rect')].map((r) =>
      Number(r.getAttribute('height')),
    );
    expect(heights).toHaveLength(2);
    expect(heights[1]).toBeGreaterThan(heights[0] as number);
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/same key/);
    warn.mockRestore();
  });

  it('writes each y-axis label once (a flat headcount of 2)', () => {
    const { container } = renderScreen(
      <SvgChart
        kind="line"
        title="Headcount"
        labels={['a', 'b', 'c']}
        series={[{ key: 'h', label: 'Headcount', color: 'var(--mantine-color-blue-6)', values: [2, 2, 2] }]}
        formatY={whole}
      />,
    );
    const svg = container.querySelector('svg') as SVGSVGElement;
    expect(svg.querySelectorAll('line').length).toBeGreaterThanOrEqual(3);
    expect(axisLabels(svg)).toEqual(['1', '2', '3']);
  });

  it('keeps every label of a wide range', () => {
    const { container } = renderScreen(
      <SvgChart
        kind="bar"
        title="Present"
        max={100}
        labels={['Mon']}
        series={[{ key: 'p', label: 'Present', color: 'x', values: [40] }]}
        formatY={whole}
      />,
    );
    expect(axisLabels(container.querySelector('svg') as SVGSVGElement)).toEqual(['0', '25', '50', '75', '100']);
  });

  it('never runs a rate past its ceiling: a weekday late every time tops the axis at 100', () => {
    const { container } = renderScreen(
      <SvgChart
        kind="bar"
        title="Lateness"
        ceiling={100}
        labels={['Mon', 'Thu']}
        series={[{ key: 'l', label: 'Lateness', color: 'x', values: [34.8, 100] }]}
        formatY={whole}
      />,
    );
    expect(axisLabels(container.querySelector('svg') as SVGSVGElement)).toEqual(['0', '25', '50', '75', '100']);
  });

  it('writes long x labels far enough apart not to run into each other (a year of weeks)', () => {
    const labels = Array.from({ length: 53 }, (_, i) => `Week ${String(i).padStart(2, '0')}, 2026`);
    const { container } = renderScreen(
      <SvgChart
        kind="bar"
        title="Weeks"
        max={100}
        labels={labels}
        series={[{ key: 'a', label: 'Attendance', color: 'x', values: labels.map(() => 50) }]}
        formatY={whole}
      />,
    );
    const xs = [...(container.querySelector('svg') as SVGSVGElement).querySelectorAll(':scope > text')].map((t) =>
      Number(t.getAttribute('x')),
    );
    expect(xs.length).toBeGreaterThan(2);
    // Each label is about 14 characters of 6 units: its neighbour starts past its end.
    for (let i = 1; i < xs.length; i++) expect((xs[i] as number) - (xs[i - 1] as number)).toBeGreaterThan(14 * 6);
  });
});

describe('SvgChart right to left', () => {
  it('mirrors the places itself and lays its text out left to right, so its anchors keep their meaning', async () => {
    const { DirectionProvider } = await import('@mantine/core');
    const { container } = renderScreen(
      <DirectionProvider initialDirection="rtl" detectDirection={false}>
        <SvgChart
          kind="bar"
          title="Present"
          max={100}
          labels={['Mon', 'Tue']}
          series={[{ key: 'p', label: 'Present', color: 'x', values: [40, 60] }]}
          formatY={whole}
        />
      </DirectionProvider>,
    );
    const svg = container.querySelector('svg') as SVGSVGElement;
    // Inherited 'rtl' turned 'start' into the right end: the y labels ran over the bars ("75%" read "5%").
    expect(svg.getAttribute('direction')).toBe('ltr');
    const [mon, tue] = [...svg.querySelectorAll('g[data-series=p] rect')].map((r) => Number(r.getAttribute('x')));
    expect(mon).toBeGreaterThan(tue as number);
    // The y labels stand right of the plot, written from there outwards.
    const label = svg.querySelector('g > text') as SVGTextElement;
    expect(label.getAttribute('text-anchor')).toBe('start');
    expect(Number(label.getAttribute('x'))).toBeGreaterThan(Math.max(mon as number, tue as number));
    // The x labels are words of the page's language: they keep its direction.
    const monLabel = [...svg.querySelectorAll('text')].find((t) => t.textContent === 'Mon');
    expect(monLabel?.getAttribute('direction')).toBe('rtl');
  });
});
