/**
 * A chart as a standalone image, for its PNG export: the chart's own SVG as it is on screen (its
 * skin's colours resolved, since CSS variables mean nothing outside the page), under its title and
 * above its legend, on the card's background, mirrored in a right-to-left language.
 */
export interface ChartImageInput {
  chart: SVGSVGElement;
  title: string;
  legend: { label: string; color: string }[];
  rtl: boolean;
  lang: string;
}

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Copies the chart with every `var(--…)` fill and stroke replaced by the colour it has on screen. */
function resolvedCopy(chart: SVGSVGElement): SVGSVGElement {
  const copy = chart.cloneNode(true) as SVGSVGElement;
  const from = [chart, ...chart.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((el, i) => {
    const style = getComputedStyle(el);
    for (const attr of ['fill', 'stroke'] as const) {
      if (el.getAttribute(attr)?.includes('var(')) to[i]!.setAttribute(attr, style[attr]);
    }
  });
  return copy;
}

/** A CSS colour (possibly a variable) as the page resolves it. */
function resolveColor(value: string, within: Element): string {
  if (!value.includes('var(')) return value;
  const probe = document.createElement('span');
  probe.style.color = value;
  within.appendChild(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

export function chartImage({ chart, title, legend, rtl, lang }: ChartImageInput) {
  const [, , w, h] = (chart.getAttribute('viewBox') ?? '0 0 640 280').split(/\s+/).map(Number) as number[];
  const width = w!;
  const pad = 16;
  const head = 36;
  const foot = legend.length ? 32 : 8;
  const height = head + h! + foot;
  const page = getComputedStyle(chart.closest('.card') ?? document.body);
  const background = page.backgroundColor || '#ffffff';
  const text = page.color || '#000000';
  const font = getComputedStyle(document.body).fontFamily.replaceAll('"', "'");
  const body = resolvedCopy(chart);
  body.setAttribute('x', '0');
  body.setAttribute('y', String(head));
  body.setAttribute('width', String(width));
  body.setAttribute('height', String(h));
  body.removeAttribute('style');
  // The image says its direction (direction="rtl"), so a text's start is its right end in Arabic:
  // anchored at its 'end' from the right edge, a title ran off the image to the right.
  const edge = rtl ? width - pad : pad;
  let x = 0;
  const items = legend.map((entry) => {
    const l = { ...entry, color: resolveColor(entry.color, chart.parentElement ?? document.body) };
    const item = `<g transform="translate(${rtl ? width - pad - x - 12 : pad + x},${head + h! + 10})"><rect width="12" height="12" rx="2" fill="${escapeXml(l.color)}"/><text x="${rtl ? -6 : 18}" y="11" font-size="12" text-anchor="start" fill="${text}">${escapeXml(l.label)}</text></g>`;
    x += 30 + l.label.length * 7;
    return item;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" direction="${rtl ? 'rtl' : 'ltr'}" xml:lang="${escapeXml(lang)}" font-family="${escapeXml(font)}"><rect width="100%" height="100%" fill="${background}"/><text x="${edge}" y="24" font-size="16" font-weight="700" text-anchor="start" fill="${text}">${escapeXml(title)}</text>${new XMLSerializer().serializeToString(body)}${items.join('')}</svg>`;
  return { svg, width, height };
}
