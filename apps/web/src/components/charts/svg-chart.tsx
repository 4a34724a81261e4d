import { useDirection } from '@mantine/core';

/** One series of a hand-written SVG chart (no chart library: nothing to load on other screens). */
export interface Series {
  key: string;
  label: string;
  /** A Mantine colour variable that follows the light/dark skin. */
  color: string;
  values: Array<number | null>;
}

interface ChartProps {
  kind: 'line' | 'bar';
  labels: string[];
  series: Series[];
  /** Fixed top of the y axis (100 for percentages); else the data's maximum. */
  max?: number;
  /**
   * What no value exceeds (100 for a rate): the axis follows the data but never runs past it; a
   * weekday late every time (100 %) ran the axis to 150 %.
   */
  ceiling?: number;
  formatY: (v: number) => string;
  title: string;
}

const W = 640;
const H = 240;
const PAD = { top: 12, bottom: 40, side: 48 };

/**
 * About five ticks at a round step (1, 2, 2.5 or 5 × a power of ten; whole when every value is),
 * from at or below `lo` to at or above `hi`.
 */
export function niceTicks(lo: number, hi: number, whole: boolean): number[] {
  const span = Math.max(hi - lo, 1e-9);
  const raw = span / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const steps = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).filter((s) => !whole || Number.isInteger(s));
  const step = Math.max(whole ? 1 : 0, steps.find((s) => s >= raw) ?? 10 * magnitude);
  const first = Math.floor(lo / step + 1e-9) * step;
  const last = Math.ceil(hi / step - 1e-9) * step;
  const out: number[] = [];
  for (let i = 0; first + i * step <= last + step / 2; i++) out.push(Number((first + i * step).toPrecision(12)));
  return out.length > 1 ? out : [first, first + step];
}

/**
 * A line or grouped-bar chart drawn in SVG. It is an image for assistive technology (its numbers
 * are in the table alternative next to it), uses the skin's colours through CSS variables and
 * mirrors the x axis right to left.
 */
export function SvgChart({ kind, labels, series, max, ceiling, formatY, title }: ChartProps) {
  const { dir } = useDirection();
  const rtl = dir === 'rtl';
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  // The axis runs between round ticks, so that a value reads off it: a headcount of 30 and 31 sat
  // between ticks labelled "31" and "32" when the axis ran from 27 to 34.1 in quarters.
  const hi = max ?? Math.min(ceiling ?? Number.POSITIVE_INFINITY, Math.max(1, ...all) * 1.1);
  const lo = kind === 'line' && max === undefined ? Math.max(0, Math.min(...all, hi) * 0.9) : 0;
  const ticks = niceTicks(
    lo,
    hi,
    all.every((v) => Number.isInteger(v)),
  );
  const bottom = ticks[0] as number;
  const top = ticks[ticks.length - 1] as number;
  const plotW = W - PAD.side * 2;
  const plotH = H - PAD.top - PAD.bottom;
  const n = Math.max(1, labels.length);
  const slot = plotW / n;
  const xOf = (i: number) => {
    const x = PAD.side + slot * i + slot / 2;
    return rtl ? W - x : x;
  };
  const yOf = (v: number) => PAD.top + plotH - ((v - bottom) / Math.max(1e-9, top - bottom)) * plotH;
  // A narrow range of whole numbers (a headcount of 2 all month) formats several ticks alike
  // ("2, 2, 2, 2, 2"): each line keeps its grid line, and only a label that differs from the one
  // below it is written.
  const tickLabels = ticks.map((v, i) => {
    const label = formatY(v);
    return i > 0 && label === formatY(ticks[i - 1] as number) ? null : label;
  });
  // At most eight x labels, fewer when they are long: a year of weeks wrote "Nov 24, 2025Jan 12,
  // 2026" as one line (about 6 units a character at this size, and a gap).
  const widest = Math.max(1, ...labels.map((l) => l.length)) * 6.2 + 10;
  const every = Math.max(1, Math.ceil(n / 8), Math.ceil(widest / slot));
  const barW = Math.max(2, (slot * 0.8) / Math.max(1, series.length));
  const axisX = rtl ? W - PAD.side + 6 : PAD.side - 6;

  return (
    // Laid out left to right whatever the page's direction: the mirroring is done here, by the x of
    // each place. Inheriting the Arabic page's 'rtl' turned each anchor around ('start' became the
    // right end), and the axis labels ran into the bars ("75%" read "5%").
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-label={title}
      direction="ltr"
      style={{ maxHeight: 280, direction: 'ltr' }}
    >
      {ticks.map((v, i) => (
        <g key={v}>
          <line
            x1={PAD.side}
            x2={W - PAD.side}
            y1={yOf(v)}
            y2={yOf(v)}
            stroke="var(--mantine-color-default-border)"
            strokeDasharray="3 3"
          />
          {tickLabels[i] !== null && (
            <text
              x={axisX}
              y={yOf(v) + 4}
              fontSize="11"
              textAnchor={rtl ? 'start' : 'end'}
              fill="var(--mantine-color-dimmed)"
            >
              {tickLabels[i]}
            </text>
          )}
        </g>
      ))}
      {labels.map((l, i) =>
        i % every === 0 ? (
          <text
            // biome-ignore lint/suspicious/noArrayIndexKey: a place on the x axis is its index (two labels may read alike: two policies of one title)
            key={i}
            x={xOf(i)}
            y={H - PAD.bottom + 16}
            fontSize="11"
            textAnchor="middle"
            // A label's own words keep the page's direction (an Arabic date read "302026/11/" left to right).
            direction={rtl ? 'rtl' : undefined}
            fill="var(--mantine-color-dimmed)"
          >
            {l}
          </text>
        ) : null,
      )}
      {kind === 'line'
        ? series.map((s) => {
            const pts = s.values
              .map((v, i) => (v === null ? null : `${xOf(i)},${yOf(v)}`))
              .filter((p): p is string => p !== null);
            return (
              <g key={s.key} data-series={s.key}>
                <polyline points={pts.join(' ')} fill="none" stroke={s.color} strokeWidth="2.5" />
                {s.values.map((v, i) =>
                  v === null ? null : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a place on the x axis is its index
                    <circle key={i} cx={xOf(i)} cy={yOf(v)} r="3" fill={s.color} />
                  ),
                )}
              </g>
            );
          })
        : series.map((s, si) => (
            <g key={s.key} data-series={s.key}>
              {s.values.map((v, i) => {
                if (v === null) return null;
                const offset = (si - series.length / 2) * barW + barW / 2;
                const cx = xOf(i) + (rtl ? -offset : offset);
                return (
                  <rect
                    // biome-ignore lint/suspicious/noArrayIndexKey: a place on the x axis is its index
                    key={i}
                    x={cx - barW / 2 + 1}
                    y={yOf(v)}
                    width={barW - 2}
                    height={Math.max(0, yOf(bottom) - yOf(v))}
                    fill={s.color}
                    rx="2"
                  />
                );
              })}
            </g>
          ))}
      <line x1={PAD.side} x2={W - PAD.side} y1={yOf(bottom)} y2={yOf(bottom)} stroke="var(--mantine-color-dimmed)" />
    </svg>
  );
}
