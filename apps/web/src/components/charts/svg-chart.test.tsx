import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { SvgChart } from './svg-chart';

const whole = (v: number) => String(Math.round(v));
const axisLabels = (svg: SVGSVGElement) => [...svg.querySelectorAll('g > text')].map((t) => t.textContent);

describe('SvgChart', () => {
  it('writes each y-axis label once when whole numbers round alike (a flat headcount of 2)', () => {
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
    expect(svg.querySelectorAll('line').length).toBeGreaterThanOrEqual(5);
    expect(axisLabels(svg)).toEqual(['2']);
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
});
