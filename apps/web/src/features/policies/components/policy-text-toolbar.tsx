import { ActionIcon, Tooltip } from '@mantine/core';
import {
  type Icon,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBlockquote,
  IconBold,
  IconColumnInsertRight,
  IconColumnRemove,
  IconH2,
  IconH3,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconRowInsertBottom,
  IconRowRemove,
  IconTableMinus,
  IconTablePlus,
  IconUnderline,
} from '@tabler/icons-react';
import { type Editor, useEditorState } from '@tiptap/react';
import { Fragment, type KeyboardEvent, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nameEmptyHeaders } from './policy-text-extensions';

interface Tool {
  key: string;
  label: string;
  icon: Icon;
  /** Toggles: their state is said (aria-pressed) and shown. Undo and redo are plain actions. */
  pressed?: boolean;
  disabled?: boolean;
  /** Tiptap's shortcut, in aria-keyshortcuts form ("Control+B"). */
  keys?: string;
  /** Arrows and list markers point the reading way: mirrored right to left. */
  mirrored?: boolean;
  run: () => void;
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/**
 * "Control+Shift+8" as a tooltip shows it: with the keys' names printed on the person's keyboard
 * ("Ctrl+Shift+8", German "Strg+Umschalt+8"), or "⌘⇧8" on a Mac.
 */
const shownKeys = (keys: string, names: { ctrl: string; shift: string; alt: string }) =>
  isMac()
    ? keys.replace('Meta+', '⌘').replace('Shift+', '⇧').replace('Alt+', '⌥')
    : keys.replace('Control+', `${names.ctrl}+`).replace('Shift+', `${names.shift}+`).replace('Alt+', `${names.alt}+`);

/**
 * The editor's toolbar (WAI-ARIA toolbar pattern): one tab stop, the arrow keys move along it
 * (mirrored right to left), Home and End go to its ends, Escape goes back to the text. A button
 * that cannot act now stays focusable (aria-disabled), so the arrows never skip over it unseen.
 */
export function PolicyTextToolbar({
  editor,
  editorId,
  onLink,
  firstButton,
}: {
  editor: Editor;
  editorId: string;
  onLink: () => void;
  /** Where Alt+F10 in the text lands. */
  firstButton: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const keyNames = {
    ctrl: t('common.keys.ctrl'),
    shift: t('common.keys.shift'),
    alt: t('common.keys.alt'),
  };
  const mod = isMac() ? 'Meta' : 'Control';
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      blockquote: e.isActive('blockquote'),
      inTable: e.isActive('table'),
      canInsertTable: e.can().insertTable({ rows: 3, cols: 3, withHeaderRow: true }),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const nameHeaders = () => nameEmptyHeaders(editor, (n) => t('admin:policies.editor.column', { n }));
  const groups: Tool[][] = [
    [
      {
        key: 'h2',
        label: t('admin:policies.editor.heading'),
        icon: IconH2,
        pressed: state.h2,
        keys: `${mod}+Alt+2`,
        run: () => chain().toggleHeading({ level: 2 }).run(),
      },
      {
        key: 'h3',
        label: t('admin:policies.editor.subheading'),
        icon: IconH3,
        pressed: state.h3,
        keys: `${mod}+Alt+3`,
        run: () => chain().toggleHeading({ level: 3 }).run(),
      },
    ],
    [
      {
        key: 'bold',
        label: t('admin:policies.editor.bold'),
        icon: IconBold,
        pressed: state.bold,
        keys: `${mod}+B`,
        run: () => chain().toggleBold().run(),
      },
      {
        key: 'italic',
        label: t('admin:policies.editor.italic'),
        icon: IconItalic,
        pressed: state.italic,
        keys: `${mod}+I`,
        run: () => chain().toggleItalic().run(),
      },
      {
        key: 'underline',
        label: t('admin:policies.editor.underline'),
        icon: IconUnderline,
        pressed: state.underline,
        keys: `${mod}+U`,
        run: () => chain().toggleUnderline().run(),
      },
    ],
    [
      {
        key: 'bulletList',
        label: t('admin:policies.editor.bulletList'),
        icon: IconList,
        pressed: state.bulletList,
        keys: `${mod}+Shift+8`,
        mirrored: true,
        run: () => chain().toggleBulletList().run(),
      },
      {
        key: 'orderedList',
        label: t('admin:policies.editor.orderedList'),
        icon: IconListNumbers,
        pressed: state.orderedList,
        keys: `${mod}+Shift+7`,
        run: () => chain().toggleOrderedList().run(),
      },
      {
        key: 'blockquote',
        label: t('admin:policies.editor.blockquote'),
        icon: IconBlockquote,
        pressed: state.blockquote,
        keys: `${mod}+Shift+B`,
        run: () => chain().toggleBlockquote().run(),
      },
      {
        key: 'link',
        label: t('admin:policies.editor.link'),
        icon: IconLink,
        pressed: state.link,
        run: onLink,
      },
    ],
    // Tables: one with a header row, then rows and columns added after the caret's or removed with
    // it. Outside a table those stay focusable but say they cannot act (aria-disabled).
    [
      {
        key: 'table',
        label: t('admin:policies.editor.insertTable'),
        icon: IconTablePlus,
        disabled: !state.canInsertTable,
        run: () => {
          chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
          nameHeaders();
        },
      },
      {
        key: 'addRow',
        label: t('admin:policies.editor.addRow'),
        icon: IconRowInsertBottom,
        disabled: !state.inTable,
        run: () => chain().addRowAfter().run(),
      },
      {
        key: 'addColumn',
        label: t('admin:policies.editor.addColumn'),
        icon: IconColumnInsertRight,
        disabled: !state.inTable,
        mirrored: true,
        run: () => {
          chain().addColumnAfter().run();
          nameHeaders();
        },
      },
      {
        key: 'deleteRow',
        label: t('admin:policies.editor.deleteRow'),
        icon: IconRowRemove,
        disabled: !state.inTable,
        run: () => chain().deleteRow().run(),
      },
      {
        key: 'deleteColumn',
        label: t('admin:policies.editor.deleteColumn'),
        icon: IconColumnRemove,
        disabled: !state.inTable,
        mirrored: true,
        run: () => chain().deleteColumn().run(),
      },
      {
        key: 'deleteTable',
        label: t('admin:policies.editor.deleteTable'),
        icon: IconTableMinus,
        disabled: !state.inTable,
        run: () => chain().deleteTable().run(),
      },
    ],
    [
      {
        key: 'undo',
        label: t('admin:policies.editor.undo'),
        icon: IconArrowBackUp,
        disabled: !state.canUndo,
        keys: `${mod}+Z`,
        mirrored: true,
        run: () => chain().undo().run(),
      },
      {
        key: 'redo',
        label: t('admin:policies.editor.redo'),
        icon: IconArrowForwardUp,
        disabled: !state.canRedo,
        keys: `${mod}+Shift+Z`,
        mirrored: true,
        run: () => chain().redo().run(),
      },
    ],
  ];
  const tools = groups.flat();
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    const last = tools.length - 1;
    let next: number | null = null;
    if (event.key === forward) next = current === last ? 0 : current + 1;
    else if (event.key === back) next = current === 0 ? last : current - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape') {
      event.preventDefault();
      editor.commands.focus();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  let index = 0;
  return (
    <div
      role="toolbar"
      aria-label={t('admin:policies.editor.toolbar')}
      aria-controls={editorId}
      className="policy-editor-toolbar"
      onKeyDown={onKeyDown}
    >
      {groups.map((group, g) => (
        <Fragment key={group[0]?.key}>
          {g > 0 && <span className="policy-editor-separator" aria-hidden />}
          {group.map((tool) => {
            const i = index++;
            const Glyph = tool.icon;
            return (
              <Tooltip
                key={tool.key}
                label={tool.keys ? `${tool.label} (${shownKeys(tool.keys, keyNames)})` : tool.label}
                events={{ hover: true, focus: false, touch: false }}
                openDelay={400}
                // In place, not in a portal: a shown tooltip stays inside the main landmark (axe region).
                withinPortal={false}
              >
                <ActionIcon
                  ref={(el) => {
                    buttons.current[i] = el;
                    if (i === 0) firstButton.current = el;
                  }}
                  size="lg"
                  variant={tool.pressed ? 'filled' : 'subtle'}
                  color={tool.pressed ? undefined : 'gray'}
                  className="policy-editor-button"
                  aria-label={tool.label}
                  aria-pressed={tool.pressed === undefined ? undefined : tool.pressed}
                  aria-keyshortcuts={tool.keys}
                  aria-disabled={tool.disabled || undefined}
                  data-disabled={tool.disabled || undefined}
                  data-tool={tool.key}
                  tabIndex={i === current ? 0 : -1}
                  onFocus={() => setCurrent(i)}
                  // A mouse click leaves the caret and the selection in the text.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    if (!tool.disabled) tool.run();
                  }}
                >
                  <Glyph size={18} stroke={1.75} aria-hidden className={tool.mirrored ? 'flip-rtl' : undefined} />
                </ActionIcon>
              </Tooltip>
            );
          })}
        </Fragment>
      ))}
    </div>
  );
}
