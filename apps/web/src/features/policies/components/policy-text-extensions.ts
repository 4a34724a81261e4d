import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { TextSelection } from '@tiptap/pm/state';
import type { Editor, Extensions } from '@tiptap/react';
import { mergeAttributes } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/**
 * What a policy's text may hold in the editor, and so what it sends: only elements and attributes
 * the server's allow-list keeps (apps/server/src/lib/html.ts). Tiptap writes a few things that
 * list refuses outright — an inline `style` on a table and on an aligned cell — so those are never
 * written: a pasted table keeps its cells, not its widths and alignment.
 */

/** Links the text may already hold and keep: the schemes and site paths the server accepts. */
const KEPT_HREF = /^(https?:|mailto:|#|\/(?![\\/]))/i;

const PlainTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    const { style: _style, ...rest } = HTMLAttributes as Record<string, unknown>;
    return ['table', mergeAttributes(this.options.HTMLAttributes, rest), ['tbody', 0]];
  },
});

/** A cell without the width and alignment attributes Tiptap renders as `colwidth` and `style`. */
const plainCell = <T extends typeof TableCell | typeof TableHeader>(cell: T) =>
  cell.extend({
    addAttributes() {
      const parent = this.parent?.() ?? {};
      return {
        ...parent,
        colwidth: { default: null, parseHTML: () => null, renderHTML: () => ({}) },
        align: { default: null, parseHTML: () => null, renderHTML: () => ({}) },
      };
    },
  });

export const policyTextExtensions = (): Extensions => [
  StarterKit.configure({
    // h1 is the page's own title; h1 and h4 in older texts still load (the server allows them).
    heading: { levels: [1, 2, 3, 4] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      // The server adds rel and target to every link it stores; the editor sends only the address.
      HTMLAttributes: { target: null, rel: null, class: null },
      isAllowedUri: (url) => KEPT_HREF.test(url.trim()),
    },
  }),
  PlainTable.configure({ resizable: false, View: null }),
  TableRow,
  plainCell(TableHeader),
  plainCell(TableCell),
];

/**
 * Names each header cell of the caret's table left without words ("Column 2"): a header cell that
 * says nothing names nothing for a screen reader (axe: empty-table-header), and a new table or
 * column would otherwise start with such cells. The caret's own cell, if named, has its new words
 * selected, so typing replaces them.
 */
export function nameEmptyHeaders(editor: Editor, name: (column: number) => string) {
  const { state } = editor;
  const $from = state.selection.$from;
  for (let depth = $from.depth; depth > 0; depth--) {
    const table = $from.node(depth);
    if (table.type.name !== 'table') continue;
    const start = $from.before(depth);
    const spots: { pos: number; column: number }[] = [];
    table.forEach((row, rowOffset) => {
      let column = 0;
      row.forEach((cell, cellOffset) => {
        column += 1;
        if (cell.type.name !== 'tableHeader' || cell.textContent.trim() !== '') return;
        // Into the cell's first paragraph: the table, the row and the cell open before it.
        if (cell.firstChild?.type.name === 'paragraph')
          spots.push({ pos: start + 1 + rowOffset + 1 + cellOffset + 2, column });
      });
    });
    if (spots.length === 0) return;
    // Each its column's number, or the next one no header of the table has yet.
    const taken = new Set<string>();
    table.descendants((node) => {
      if (node.type.name === 'tableHeader') taken.add(node.textContent.trim());
      return node.type.name !== 'tableHeader';
    });
    const names = spots.map((s) => {
      let n = s.column;
      while (taken.has(name(n))) n += 1;
      taken.add(name(n));
      return name(n);
    });
    const tr = state.tr;
    const caret = spots.findIndex((s) => s.pos === $from.pos);
    // From the last to the first, so the positions still to fill do not move.
    for (let i = spots.length - 1; i >= 0; i--) tr.insertText(names[i]!, spots[i]!.pos);
    if (caret >= 0) {
      const from = tr.mapping.map(spots[caret]!.pos, -1);
      tr.setSelection(TextSelection.create(tr.doc, from, from + names[caret]!.length));
    }
    editor.view.dispatch(tr);
    return;
  }
}
