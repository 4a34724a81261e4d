import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconPhoto, IconVector } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/download';
import { isRtl } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { type ChartPerson, type ChartSvg, orgChartSvg } from './org-chart-export';

// Chromium refuses a canvas over 16,384 px a side or ~268 million pixels: a very large chart is
// drawn at a smaller scale rather than not at all.
const MAX_SIDE = 16_384;
const MAX_PIXELS = 268_000_000;

/** Draws the SVG onto a canvas (through an image of its Blob URL) and encodes it as PNG. */
async function svgToPng({ svg, width, height }: ChartSvg, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('the chart image did not load'));
      image.src = url;
    });
    const s = Math.min(scale, MAX_SIDE / width, MAX_SIDE / height, Math.sqrt(MAX_PIXELS / (width * height)));
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(width * s);
    canvas.height = Math.floor(height * s);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas was not encoded'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * "Export" → SVG or PNG of the chart as it is on screen. `chart` is read at the click, so the
 * file holds exactly the people expanded and loaded at that moment.
 */
export function OrgChartExportMenu({ chart, disabled }: { chart: () => ChartPerson[]; disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const build = () =>
    orgChartSvg(chart(), { title: t('admin:orgChart.title'), lang: i18n.language, rtl: isRtl(i18n.language) });

  const exportAs = async (format: 'svg' | 'png') => {
    setBusy(true);
    try {
      const drawn = build();
      const blob =
        format === 'svg' ? new Blob([drawn.svg], { type: 'image/svg+xml;charset=utf-8' }) : await svgToPng(drawn);
      saveBlob(blob, `org-chart.${format}`);
    } catch {
      notify.danger(t('admin:orgChart.exportFailed'));
    } finally {
      setBusy(false);
    }
  };

  // In place, not in a portal: the open menu stays inside the main landmark.
  return (
    <Menu position="bottom-end" withinPortal={false}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          disabled={disabled}
          loading={busy}
          data-testid="org-chart-export"
        >
          {t('admin:orgChart.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconVector size={16} aria-hidden />} onClick={() => void exportAs('svg')}>
          {t('admin:orgChart.exportSvg')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPhoto size={16} aria-hidden />} onClick={() => void exportAs('png')}>
          {t('admin:orgChart.exportPng')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
