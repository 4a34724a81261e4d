import { useSearchParams } from 'react-router';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A background batch a screen follows (an import's mails, a large schedule assignment), kept in the
 * address under `name`: a reload or a shared link shows the same progress. Anything but a uuid there
 * is ignored. The other parameters (a tab, filters) are kept.
 */
export function useBatchParam(name: string): [string | null, (batchId: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(name);
  const follow = (batchId: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (batchId) next.set(name, batchId);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return [asked && UUID.test(asked) ? asked : null, follow];
}
