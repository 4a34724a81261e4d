/**
 * Tab from a field whose option list is open goes on to the next field, as it does with the list
 * closed. Drop-downs render beside their field (app/providers.tsx), and Chromium makes a long
 * list's scrolling box a tab stop of its own (its options are not focusable: the field keeps the
 * focus and points at the active option). So Tab moved the focus into that box; the field lost the
 * focus, the list closed and took the box with it, and the focus was left on the page. The list is
 * made inert for the Tab's own focus move only. It cannot be taken out of the order for good: the
 * box sits inside the listbox, which may hold only options (axe's aria-required-children).
 */
export function listenForTabFromOpenList(doc: Document = document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.defaultPrevented) return;
    const field = event.target;
    if (!(field instanceof HTMLElement) || field.getAttribute('aria-expanded') !== 'true') return;
    const listId = field.getAttribute('aria-controls');
    const list = listId ? doc.getElementById(listId) : null;
    if (!list) return;
    // The whole drop-down (Mantine's popover around the list), unless the field itself is in it.
    const dropdown = list.closest<HTMLElement>('.mantine-Popover-dropdown') ?? list;
    if (dropdown.contains(field) || dropdown.inert) return;
    dropdown.inert = true;
    // The focus moves as the key's default action, right after this event: the list is back to
    // normal before anything else runs (it usually closes as the field loses the focus).
    setTimeout(() => {
      dropdown.inert = false;
    }, 0);
  };
  doc.addEventListener('keydown', onKeyDown, true);
  return () => doc.removeEventListener('keydown', onKeyDown, true);
}
