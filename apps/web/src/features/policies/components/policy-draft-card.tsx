import type { PolicyDetail } from '@wac/shared/schemas/policies';
import { ERROR_FIELDS } from '@wac/shared/error-codes';
import { Alert, Box, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { usePolicyVersion } from '../api/get-policy';
import { useSaveDraft } from '../api/save-draft';

// Tiptap and ProseMirror arrive with the editor, on this card only: no other screen loads them.
const PolicyTextEditor = lazy(() => import('./policy-text-editor'));

/** Whether the server refused the text itself (unsafe, too long): then it is said at the text. */
const aboutText = (err: ApiError) =>
  ERROR_FIELDS[err.code as keyof typeof ERROR_FIELDS] === 'html' || err.issues.some((i) => /(^|\.)html$/.test(i.path));

/**
 * The draft of a policy's next version: its text in the rich-text editor, or a PDF. Rendered once
 * per policy (keyed by it): what the author types stays theirs while the policy is read again.
 */
export function PolicyDraftCard({ policy: p, onPublish }: { policy: PolicyDetail; onPublish: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const save = useSaveDraft(p.uuid);
  const draft = p.versions.find((v) => v.state === 'draft') ?? null;
  // Without a draft, the next one starts from the last published text: a wording fix is one edit.
  const lastPublished = p.versions
    .filter((v) => v.state === 'published')
    .reduce<typeof draft>((last, v) => (!last || v.number > last.number ? v : last), null);
  const source = draft ?? (lastPublished?.bodyKind === 'text' ? lastPublished : null);
  const sourceBody = usePolicyVersion(p.uuid, source?.bodyKind === 'text' ? source.uuid : null);
  const sourceHtml = sourceBody.data?.bodyHtml ?? '';
  // The editor reads its text once: it waits for it, then stays while the policy is read again.
  const [started, setStarted] = useState(false);
  if (!started && (source?.bodyKind !== 'text' || sourceBody.isSuccess || sourceBody.isError)) setStarted(true);
  const [edited, setEdited] = useState<string | null>(null);
  const html = edited ?? sourceHtml;
  const [textError, setTextError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [editError, setEditError] = useState<string | null>(null);

  const onSave = async (body: { html: string } | { file: File }) => {
    setEditError(null);
    setTextError(null);
    try {
      await save.mutateAsync(body);
      setFile(null);
      notify.success(t('admin:policies.draftSaved'));
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      if ('html' in body && aboutText(err)) setTextError(err.message);
      else setEditError(err.message);
    }
  };

  const loading = <EditorLoading label={t('admin:policies.bodyText')} />;
  return (
    <SectionCard
      title={draft ? t('admin:policies.draftOf', { number: f.number(draft.number) }) : t('admin:policies.newDraft')}
      actions={
        <Button onClick={onPublish} disabled={!draft?.bodyKind}>
          {t('admin:policies.publish')}
        </Button>
      }
    >
      <Stack>
        {editError && (
          <Alert color="red" role="alert">
            {editError}
          </Alert>
        )}
        {draft?.bodyKind === 'pdf' && <Text>{t('admin:policies.draftIsPdf', { name: draft.pdfName ?? '' })}</Text>}
        {started ? (
          <Suspense fallback={loading}>
            <PolicyTextEditor
              initialHtml={sourceHtml}
              onChange={(value) => {
                setEdited(value);
                setTextError(null);
              }}
              label={t('admin:policies.bodyText')}
              description={t('admin:policies.bodyTextHelp')}
              error={textError}
            />
          </Suspense>
        ) : (
          loading
        )}
        <Group>
          <Button
            variant="default"
            onClick={() => void onSave({ html })}
            loading={save.isPending}
            disabled={!html.trim()}
          >
            {t('admin:policies.saveText')}
          </Button>
        </Group>
        <Group align="flex-end">
          <FileInput
            label={t('admin:policies.pdf')}
            description={t('admin:policies.pdfHelp')}
            accept="application/pdf"
            value={file}
            onChange={setFile}
            clearable
            clearButtonProps={{ 'aria-label': t('admin:common.clearFile') }}
            w={320}
            maw="100%"
          />
          <Button
            variant="default"
            disabled={!file}
            loading={save.isPending}
            onClick={() => file && void onSave({ file })}
          >
            {t('admin:policies.uploadPdf')}
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}

/** Where the editor will be while its code or the text it starts from is on the way. */
function EditorLoading({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Box role="status" mih={240} p="sm" bdrs="sm" bd="1px solid var(--mantine-color-default-border)">
        <Text size="sm" c="dimmed">
          {t('admin:policies.editor.loading')}
        </Text>
      </Box>
    </Stack>
  );
}
