import type { OrgNode } from '@wac/shared/schemas/employees';

/** A person as the exported chart draws them, with the reports that are open on screen. */
export interface ChartPerson {
  name: string;
  jobTitle: string | null;
  department: string | null;
  /** The department's colour (`#rrggbb`), drawn as a stripe on the card's inline-start edge. */
  color: string | null;
  reports: ChartPerson[];
}

export interface ChartSvgOptions {
  /** The chart's accessible title, in the reader's language. */
  title: string;
  /** The reader's language (`xml:lang`) and its direction: reports run from the reading start. */
  lang: string;
  rtl: boolean;
}

export interface ChartSvg {
  svg: string;
  width: number;
  height: number;
}

const CARD_W = 216;
const CARD_H = 72;
const GAP_X = 24;
const GAP_Y = 56;
const MARGIN = 24;
const STRIPE = 4;
// Rough glyph budgets for the card's width (14 px bold name, 12 px detail lines); longer text ends in "…".
const NAME_CHARS = 24;
const DETAIL_CHARS = 30;

/**
 * The chart as the screen shows it: the top level, and under each expanded person the reports
 * already loaded. `levelOf` reads a loaded level (undefined while it is still loading).
 */
export function visibleChart(
  top: OrgNode[],
  levelOf: (managerUuid: string) => OrgNode[] | undefined,
  expanded: ReadonlySet<string>,
): ChartPerson[] {
  const person = (n: OrgNode): ChartPerson => {
    const open = expanded.has(n.uuid) && n.reportCount > 0;
    return {
      name: `${n.firstName} ${n.lastName}`.trim(),
      jobTitle: n.jobTitle,
      department: n.department?.name ?? null,
      color: n.department?.color ?? null,
      reports: open ? (levelOf(n.uuid) ?? []).map(person) : [],
    };
  };
  return top.map(person);
}

/** Text and attribute values made safe for XML; characters XML 1.0 cannot hold are dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML 1.0 forbids.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** Shortens to `max` characters (whole code points, never half a surrogate pair), ending in "…". */
function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

interface Placed {
  person: ChartPerson;
  /** Centre of the card, and its top edge. */
  x: number;
  y: number;
  children: Placed[];
}

/** The width a subtree needs: its card, or its reports side by side, whichever is wider. */
function spanOf(p: ChartPerson, spans: Map<ChartPerson, number>): number {
  const reports = p.reports.map((r) => spanOf(r, spans));
  const row = reports.reduce((sum, w) => sum + w, 0) + GAP_X * Math.max(0, reports.length - 1);
  const span = Math.max(CARD_W, row);
  spans.set(p, span);
  return span;
}

/** A tidy top-down layout: each subtree gets its own band; a manager sits centred over their reports. */
function place(p: ChartPerson, left: number, depth: number, spans: Map<ChartPerson, number>): Placed {
  const span = spans.get(p) ?? CARD_W;
  const row =
    p.reports.reduce((sum, r) => sum + (spans.get(r) ?? CARD_W), 0) + GAP_X * Math.max(0, p.reports.length - 1);
  let cursor = left + (span - row) / 2;
  const children = p.reports.map((r) => {
    const child = place(r, cursor, depth + 1, spans);
    cursor += (spans.get(r) ?? CARD_W) + GAP_X;
    return child;
  });
  const first = children[0];
  const last = children[children.length - 1];
  const x = first && last ? (first.x + last.x) / 2 : left + span / 2;
  return { person: p, x, y: MARGIN + depth * (CARD_H + GAP_Y), children };
}

function depthOf(p: ChartPerson): number {
  return 1 + p.reports.reduce((d, r) => Math.max(d, depthOf(r)), 0);
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * An SVG document of the chart: a card per person (name, job title, department) and an elbow
 * line from each manager down to each report. Right-to-left languages mirror the layout, so the
 * first report stands at the reading start, and their text carries `direction="rtl"`.
 */
export function orgChartSvg(roots: ChartPerson[], options: ChartSvgOptions): ChartSvg {
  const spans = new Map<ChartPerson, number>();
  const rowWidth = roots.reduce((sum, r) => sum + spanOf(r, spans), 0) + GAP_X * Math.max(0, roots.length - 1);
  const depth = roots.reduce((d, r) => Math.max(d, depthOf(r)), 0);
  const width = Math.ceil(Math.max(rowWidth, CARD_W) + 2 * MARGIN);
  const height = Math.ceil(2 * MARGIN + Math.max(1, depth) * CARD_H + Math.max(0, depth - 1) * GAP_Y);

  let left = MARGIN;
  const placed = roots.map((r) => {
    const p = place(r, left, 0, spans);
    left += (spans.get(r) ?? CARD_W) + GAP_X;
    return p;
  });
  // Mirrored for right-to-left readers: the layout is computed left to right, then flipped.
  const atX = (x: number) => round(options.rtl ? width - x : x);
  const dir = options.rtl ? ' direction="rtl"' : '';

  const links: string[] = [];
  const cards: string[] = [];
  const visit = (n: Placed) => {
    const { person } = n;
    const cardLeft = round(atX(n.x) - CARD_W / 2);
    // The department stripe sits on the inline-start edge, as on screen.
    const stripeX = options.rtl ? round(cardLeft + CARD_W - STRIPE) : cardLeft;
    const color = person.color && /^#[0-9a-fA-F]{6}$/.test(person.color) ? person.color : null;
    const lines = [
      `<text class="name" x="${atX(n.x)}" y="${n.y + 24}" font-size="14" font-weight="700" fill="#1a1b1e" text-anchor="middle"${dir}>${escapeXml(clip(person.name, NAME_CHARS))}</text>`,
    ];
    if (person.jobTitle)
      lines.push(
        `<text class="job-title" x="${atX(n.x)}" y="${n.y + 44}" font-size="12" fill="#495057" text-anchor="middle"${dir}>${escapeXml(clip(person.jobTitle, DETAIL_CHARS))}</text>`,
      );
    if (person.department)
      lines.push(
        `<text class="department" x="${atX(n.x)}" y="${n.y + (person.jobTitle ? 62 : 44)}" font-size="12" fill="#495057" text-anchor="middle"${dir}>${escapeXml(clip(person.department, DETAIL_CHARS))}</text>`,
      );
    const outline = `x="${cardLeft}" y="${n.y}" width="${CARD_W}" height="${CARD_H}" rx="8"`;
    const clipId = `card-${cards.length}`;
    cards.push(
      [
        '<g class="node">',
        `<rect ${outline} fill="#ffffff" stroke="#ced4da"/>`,
        // Clipped to the card, so the stripe follows its rounded corners.
        color
          ? `<clipPath id="${clipId}"><rect ${outline}/></clipPath><rect x="${stripeX}" y="${n.y}" width="${STRIPE}" height="${CARD_H}" fill="${color}" clip-path="url(#${clipId})"/>`
          : '',
        ...lines,
        '</g>',
      ].join(''),
    );
    const bottom = n.y + CARD_H;
    const middle = bottom + GAP_Y / 2;
    for (const c of n.children) {
      links.push(`<path class="link" d="M${atX(n.x)} ${bottom}V${middle}H${atX(c.x)}V${c.y}"/>`);
      visit(c);
    }
  };
  for (const p of placed) visit(p);

  const svg = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" xml:lang="${escapeXml(options.lang)}" font-family="system-ui, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', Arial, sans-serif">`,
    `<title>${escapeXml(options.title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<g class="links" fill="none" stroke="#868e96" stroke-width="1.5">${links.join('')}</g>`,
    ...cards,
    '</svg>',
    '',
  ].join('\n');
  return { svg, width, height };
}
