import type { OrgNode } from '@wac/shared/schemas/employees';
import { describe, expect, it } from 'vitest';
import { type ChartPerson, escapeXml, orgChartSvg, visibleChart } from './org-chart-export';

const person = (name: string, reports: ChartPerson[] = [], extra: Partial<ChartPerson> = {}): ChartPerson => ({
  name,
  jobTitle: null,
  department: null,
  color: null,
  reports,
  ...extra,
});

// Sam manages Ana & "Bo" <Brown> and Cy; Ana manages Di.
const tree = [
  person('Sam Super', [
    person('Ana & "Bo" <Brown>', [person('Di Diaz')], {
      jobTitle: 'R&D <lead>',
      department: 'Engineering',
      color: '#228be6',
    }),
    person('Cy Cole', [], { jobTitle: 'Designer' }),
  ]),
];

const count = (svg: string, needle: string) => svg.split(needle).length - 1;

type Card = { x: number; y: number };
/** The outlines (x, y) of the four cards of `tree`, in document order (Sam, Ana, Di, Cy), read back from the SVG. */
const cards = (svg: string) => {
  const found = Array.from(svg.matchAll(/<g class="node"><rect x="([\d.]+)" y="([\d.]+)"/g), (m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
  }));
  expect(found).toHaveLength(4);
  return found as [Card, Card, Card, Card];
};

describe('orgChartSvg', () => {
  it('draws one card per person and one line per manager–report pair', () => {
    const { svg, width, height } = orgChartSvg(tree, { title: 'Org chart', lang: 'en', rtl: false });
    expect(count(svg, '<g class="node">')).toBe(4);
    expect(count(svg, '<path class="link"')).toBe(3);
    expect(svg).toContain('<title>Org chart</title>');
    expect(svg).toMatch(new RegExp(`<svg [^>]*width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`));
    // Names, job titles and departments are on their cards.
    for (const text of ['Sam Super', 'Di Diaz', 'Cy Cole', 'Designer', 'Engineering'])
      expect(svg).toContain(`>${text}<`);
    // The department colour is the card's stripe.
    expect(svg).toContain('fill="#228be6"');
  });

  it('escapes names and titles, so the document stays well-formed XML', () => {
    const { svg } = orgChartSvg(tree, { title: 'Chart <&>', lang: 'en', rtl: false });
    expect(svg).toContain('>Ana &amp; &quot;Bo&quot; &lt;Brown&gt;</text>');
    expect(svg).toContain('>R&amp;D &lt;lead&gt;</text>');
    expect(svg).toContain('<title>Chart &lt;&amp;&gt;</title>');
    expect(svg).not.toContain('<Brown>');
    expect(svg).not.toContain('<lead>');
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.tagName.toLowerCase()).toBe('svg');
    expect(doc.querySelectorAll('g.node')).toHaveLength(4);
  });

  it('lays the chart out top-down: managers above and centred over their reports, no overlapping cards', () => {
    const { svg } = orgChartSvg(tree, { title: 'Org chart', lang: 'en', rtl: false });
    // Document order: Sam, Ana, Di, Cy.
    const [sam, ana, di, cy] = cards(svg);
    expect(ana.y).toBeGreaterThan(sam.y);
    expect(cy.y).toBe(ana.y);
    expect(di.y).toBeGreaterThan(ana.y);
    expect(cy.x - ana.x).toBeGreaterThanOrEqual(216);
    expect(sam.x).toBeCloseTo((ana.x + cy.x) / 2);
    expect(di.x).toBeCloseTo(ana.x);
    // Each line runs from the bottom of the manager's card to the top of the report's.
    expect(svg).toContain(
      `<path class="link" d="M${sam.x + 108} ${sam.y + 72}V${sam.y + 100}H${ana.x + 108}V${ana.y}"/>`,
    );
  });

  it('mirrors the layout and marks every text right-to-left for Arabic', () => {
    const ltr = cards(orgChartSvg(tree, { title: 'Org chart', lang: 'en', rtl: false }).svg);
    const { svg } = orgChartSvg(tree, { title: 'الهيكل التنظيمي', lang: 'ar', rtl: true });
    const rtl = cards(svg);
    // The first report stands at the reading start, which is on the right.
    expect(rtl[1].x).toBeGreaterThan(rtl[3].x);
    expect(ltr[1].x).toBeLessThan(ltr[3].x);
    expect(count(svg, '<text ')).toBe(count(svg, 'direction="rtl"'));
    expect(count(svg, '<text ')).toBe(7);
    expect(svg).toContain('xml:lang="ar"');
  });

  it('shortens long names instead of spilling past the card', () => {
    const { svg } = orgChartSvg([person('Maximiliana Wolfeschlegelsteinhausen')], {
      title: 'Org chart',
      lang: 'de',
      rtl: false,
    });
    expect(svg).toContain('>Maximiliana Wolfeschleg…</text>');
  });

  it('draws an empty chart as a valid, empty document', () => {
    const { svg } = orgChartSvg([], { title: 'Org chart', lang: 'en', rtl: false });
    expect(count(svg, '<g class="node">')).toBe(0);
    expect(new DOMParser().parseFromString(svg, 'image/svg+xml').getElementsByTagName('parsererror')).toHaveLength(0);
  });
});

describe('escapeXml', () => {
  it('escapes the five XML specials and drops characters XML cannot hold', () => {
    expect(escapeXml(`<a href='x'>"&"</a>\u0001`)).toBe('&lt;a href=&apos;x&apos;&gt;&quot;&amp;&quot;&lt;/a&gt;');
  });
});

describe('visibleChart', () => {
  const node = (uuid: string, reportCount = 0): OrgNode => ({
    uuid,
    firstName: uuid,
    lastName: 'X',
    avatar: null,
    jobTitle: null,
    department: null,
    reportCount,
  });
  const levels: Record<string, OrgNode[]> = { a: [node('b', 1), node('c')], b: [node('d')] };

  it('takes the reports of expanded people only, as far as their levels are loaded', () => {
    const open = visibleChart([node('a', 2)], (m) => levels[m], new Set(['a', 'b']));
    expect(open[0]?.reports.map((r) => r.name)).toEqual(['b X', 'c X']);
    expect(open[0]?.reports[0]?.reports.map((r) => r.name)).toEqual(['d X']);
    // b is loaded but collapsed: the chart shows nobody under b.
    const collapsed = visibleChart([node('a', 2)], (m) => levels[m], new Set(['a']));
    expect(collapsed[0]?.reports[0]?.reports).toEqual([]);
    // a is expanded but its level has not arrived yet.
    expect(visibleChart([node('a', 2)], () => undefined, new Set(['a']))[0]?.reports).toEqual([]);
  });
});
