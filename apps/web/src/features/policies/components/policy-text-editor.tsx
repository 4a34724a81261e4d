import './policy-text-editor.css';
import { Button, Group, Input, Stack, TextInput, Typography } from '@mantine/core';
import type { EditorState } from '@tiptap/pm/state';
import { EditorContent, useEditor } from '@tiptap/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { linkAddress } from './link-address';
import { policyTextExtensions } from './policy-text-extensions';
import { PolicyTextToolbar } from './policy-text-toolbar';

export interface PolicyTextEditorProps {
  /** The text the editor starts from (read once, when it mounts). */
  initialHtml: string;
  /** The text as HTML after each change; '' when nothing is written. */
  onChange: (html: string) => void;
  label: string;
  description?: string;
  error?: string | null;
}

/**
 * A policy's text as an HR admin writes it: headings, emphasis, lists, quotes and links from a
 * toolbar or Tiptap's shortcuts, never HTML tags. Loaded only by the policy screen (React.lazy):
 * Tiptap and ProseMirror stay out of every other screen's scripts.
 */
export default function PolicyTextEditor({ initialHtml, onChange, label, description, error }: PolicyTextEditorProps) {
  const id = 'policy-text';
  const ids = { label: `${id}-label`, description: `${id}-description`, error: `${id}-error` };
  const describedBy = [error ? ids.error : null, description ? ids.description : null].filter(Boolean).join(' ');
  const firstButton = useRef<HTMLButtonElement | null>(null);
  const [linking, setLinking] = useState<string | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // The text field's name, description and error, on the element that takes the typing. Its
  // direction is the console's until it holds words; then the text's own, as its readers see it
  // (my-policy-screen: an English policy read in Arabic stays left to right, its full stops at the end).
  const attributes = (state: EditorState): Record<string, string> => ({
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': ids.label,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(error ? { 'aria-invalid': 'true' } : {}),
    ...(/\p{L}/u.test(state.doc.textContent) ? { dir: 'auto' } : {}),
    class: 'policy-editor-text',
  });

  const [extensions] = useState(policyTextExtensions);
  // useEditor hands changed options (these attributes, when the error comes or goes) to the editor.
  const editor = useEditor({
    extensions,
    content: initialHtml,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes,
      handleKeyDown: (_view, event) => {
        // The way to the toolbar from the text, as in other editors.
        if (event.altKey && event.key === 'F10') {
          event.preventDefault();
          firstButton.current?.closest('[role="toolbar"]')?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
          return true;
        }
        return false;
      },
    },
    // Without the empty paragraph Tiptap keeps after a last list or table for the caret to reach.
    onUpdate: ({ editor: e }) => changed.current(e.isEmpty ? '' : e.getHTML().replace(/(<p><\/p>)+$/, '')),
  });

  const openLink = () => setLinking((editor.getAttributes('link').href as string | undefined) ?? '');
  const closeLink = (then?: () => void) => {
    setLinking(null);
    // After the dialog has gone (its focus trap with it), back to the text.
    if (then)
      setTimeout(() => {
        then();
        editor.commands.focus();
      }, 0);
  };
  const applyLink = (href: string) =>
    closeLink(() => {
      if (editor.state.selection.empty && !editor.isActive('link')) {
        const text = href.replace(/^mailto:/i, '');
        editor
          .chain()
          .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
          .run();
      } else editor.chain().extendMarkRange('link').setLink({ href }).run();
    });
  const removeLink = () => closeLink(() => editor.chain().extendMarkRange('link').unsetLink().run());

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      labelElement="div"
      labelProps={{ id: ids.label, onClick: () => editor.view.focus() }}
      descriptionProps={{ id: ids.description }}
      errorProps={{ id: ids.error }}
    >
      <div className="policy-editor" data-error={error ? true : undefined}>
        <PolicyTextToolbar editor={editor} editorId={id} onLink={openLink} firstButton={firstButton} />
        <Typography className="rich-text">
          <EditorContent editor={editor} />
        </Typography>
      </div>
      {linking !== null && (
        <LinkDialog
          initial={linking}
          editing={editor.isActive('link')}
          onApply={applyLink}
          onRemove={removeLink}
          onClose={() => closeLink()}
        />
      )}
    </Input.Wrapper>
  );
}

function LinkDialog({
  initial,
  editing,
  onApply,
  onRemove,
  onClose,
}: {
  initial: string;
  editing: boolean;
  onApply: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [address, setAddress] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The form is inside the page's own form (the dialog is portalled, React events are not).
    event.stopPropagation();
    const href = linkAddress(address);
    if (href) onApply(href);
    else setInvalid(true);
  };
  return (
    <AppDialog
      opened
      onClose={onClose}
      title={editing ? t('admin:policies.editor.editLink') : t('admin:policies.editor.addLink')}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('admin:policies.editor.linkAddress')}
            description={t('admin:policies.editor.linkHelp')}
            data-autofocus
            dir="ltr"
            inputMode="url"
            autoComplete="off"
            value={address}
            onChange={(e) => {
              setAddress(e.currentTarget.value);
              setInvalid(false);
            }}
            error={invalid ? t('admin:policies.editor.linkInvalid') : undefined}
          />
          <Group justify="space-between">
            {editing ? (
              <Button variant="default" color="red.9" onClick={onRemove}>
                {t('admin:policies.editor.removeLink')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('admin:common.cancel')}
              </Button>
              <Button type="submit">{t('admin:policies.editor.applyLink')}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
