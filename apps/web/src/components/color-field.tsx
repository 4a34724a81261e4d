import { ColorInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A colour typed or picked, with every control named in the reader's language. Mantine's colour
 * field leaves its eye-dropper button (shown where the browser has one) unnamed, and its picker's
 * saturation and hue sliders too: ColorInput does not hand ColorPicker its slider labels, so they
 * are named here when the picker opens. The picker stays inside the field (no portal), so a
 * dialog's focus trap and landmarks still hold it.
 */
export function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const saturation = t('admin:common.colour.saturation');
  const hue = t('admin:common.colour.hue');
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const name = () => {
      for (const el of root.querySelectorAll<HTMLElement>('[role=slider]')) {
        const wanted = el.className.includes('saturation') ? saturation : hue;
        if (el.getAttribute('aria-label') !== wanted) el.setAttribute('aria-label', wanted);
      }
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [saturation, hue]);
  return (
    <div ref={box}>
      <ColorInput
        label={label}
        value={value}
        onChange={onChange}
        format="hex"
        eyeDropperButtonProps={{ 'aria-label': t('admin:common.colour.pickFromScreen') }}
        popoverProps={{ withinPortal: false }}
      />
    </div>
  );
}
