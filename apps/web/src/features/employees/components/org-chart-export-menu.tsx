import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconPhoto, IconVector } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/download';
import { svgToPng } from '../../../lib/svg-png';
import { isRtl } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { type ChartPerson, orgChartSvg } from './org-chart-export';

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
