import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import type { Extensions } from '@tiptap/react';
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
