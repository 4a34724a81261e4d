import type { OrgNode } from '@wac/shared/schemas/employees';
import {
  Alert,
  Avatar,
  Badge,
  Box,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isRtl } from '../../lib/i18n';
import { employeeKeys } from './api/get-employees';
import { getOrgPath, levelPeople, type OrgLevel, useOrgLevel } from './api/get-org-level';
import { visibleChart } from './components/org-chart-export';
import { OrgChartExportMenu } from './components/org-chart-export-menu';
import { PersonSelect } from './components/person-select';

interface TreeCtx {
  expanded: Set<string>;
  toggle: (uuid: string, open?: boolean) => void;
  active: string | null;
  setActive: (uuid: string) => void;
  onKey: (e: KeyboardEvent<HTMLElement>, node: OrgNode | null, parent: string | null, more?: () => void) => void;
  /** A searched person and the managers above them, shown at their level even beyond its loaded pages. */
  pinned: ReadonlyMap<string, OrgNode>;
  focusWhenShown: (uuid: string) => Promise<void>;
}

const levelKey = (manager: string | null) => manager ?? 'top';

/** The children of a node (or the top), loaded when the node is first opened. */
function Level({ manager, depth, ctx }: { manager: string | null; depth: number; ctx: TreeCtx }) {
  const { t } = useTranslation();
  const level = useOrgLevel(manager);
  // A tree or a group may own tree items only (axe: aria-required-children): while the level loads,
  // its list says so with aria-busy (OrgList) and shows a spinner that is no item and no status.
  if (level.isPending)
    return (
      <Box component="li" role="none" style={{ listStyle: 'none' }}>
        <Loader size="xs" aria-hidden m="xs" />
      </Box>
    );
  const loaded = levelPeople(level.data);
  const pin = ctx.pinned.get(levelKey(manager));
  const nodes = pin && !loaded.some((n) => n.uuid === pin.uuid) ? [...loaded, pin] : loaded;
  const moreId = `more:${levelKey(manager)}`;
  // "Show more" loads the next page and moves the focus to the first person it brought.
  const more = async () => {
    const next = levelPeople((await level.fetchNextPage()).data).find((n) => !loaded.some((l) => l.uuid === n.uuid));
    if (next) await ctx.focusWhenShown(next.uuid);
  };
  return (
    <>
      {nodes.map((n, i) => (
        <Node
          key={n.uuid}
          node={n}
          parent={manager}
          depth={depth}
          pos={i + 1}
          size={level.hasNextPage ? -1 : nodes.length}
          ctx={ctx}
        />
      ))}
      {level.hasNextPage && (
        <Box
          component="li"
          role="treeitem"
          aria-level={depth}
          aria-selected={ctx.active === moreId}
          tabIndex={ctx.active === moreId ? 0 : -1}
          data-uuid={moreId}
          className="org-node"
          style={{ listStyle: 'none', cursor: 'pointer' }}
          onKeyDown={(e) => ctx.onKey(e, null, manager, more)}
          onFocus={(e) => {
            if (e.target === e.currentTarget) ctx.setActive(moreId);
          }}
          onClick={() => void more()}
          py={4}
          ps="xl"
        >
          {level.isFetchingNextPage ? (
            <Loader size="xs" role="status" aria-label={t('admin:orgChart.loading')} />
          ) : (
            <Text size="sm" c="blue.8" td="underline">
              {t('admin:orgChart.showMore')}
            </Text>
          )}
        </Box>
      )}
    </>
  );
}

/** A node's reports: a group of tree items, busy while the level loads. */
function Reports({ manager, depth, ctx }: { manager: string; depth: number; ctx: TreeCtx }) {
  const { t } = useTranslation();
  const level = useOrgLevel(manager);
  return (
    <Box
      component="ul"
      role="group"
      aria-busy={level.isPending}
      aria-label={level.isPending ? t('admin:orgChart.loading') : undefined}
      ps="lg"
      m={0}
    >
      <Level manager={manager} depth={depth} ctx={ctx} />
    </Box>
  );
}

function Node(props: { node: OrgNode; parent: string | null; depth: number; pos: number; size: number; ctx: TreeCtx }) {
  const { node, parent, depth, pos, size, ctx } = props;
  const { t } = useTranslation();
  const open = ctx.expanded.has(node.uuid);
  const hasChildren = node.reportCount > 0;
  return (
    <li
      role="treeitem"
      aria-level={depth}
      aria-posinset={pos}
      aria-setsize={size}
      aria-expanded={hasChildren ? open : undefined}
      aria-selected={ctx.active === node.uuid}
      tabIndex={ctx.active === node.uuid ? 0 : -1}
      data-uuid={node.uuid}
      onKeyDown={(e) => ctx.onKey(e, node, parent)}
      onFocus={(e) => {
        if (e.target === e.currentTarget) ctx.setActive(node.uuid);
      }}
      className="org-node"
      style={{ listStyle: 'none' }}
    >
      <Group
        gap="sm"
        wrap="nowrap"
        py={4}
        ps="xs"
        style={{ borderInlineStart: `4px solid ${node.department?.color ?? 'transparent'}` }}
      >
        <UnstyledButton
          tabIndex={-1}
          aria-hidden
          onClick={() => hasChildren && ctx.toggle(node.uuid)}
          style={{ visibility: hasChildren ? 'visible' : 'hidden', display: 'flex' }}
        >
          {open ? (
            <IconChevronDown size={16} />
          ) : (
            <IconChevronRight size={16} style={{ transform: 'scaleX(var(--org-dir, 1))' }} />
          )}
        </UnstyledButton>
        <Avatar src={node.avatar} size="sm" radius="xl" alt="" />
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {node.firstName} {node.lastName}
          </Text>
          <Text size="xs" c="dimmed">
            {[node.jobTitle, node.department?.name].filter(Boolean).join(' · ')}
          </Text>
        </div>
        {hasChildren && (
          // Never shrunk: on a phone the name wraps, the count stays whole.
          <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
            {t('admin:orgChart.reports', { count: node.reportCount })}
          </Badge>
        )}
      </Group>
      {open && hasChildren && <Reports manager={node.uuid} depth={depth + 1} ctx={ctx} />}
    </li>
  );
}

/** The manager tree from the top, one level at a time; a searched person opens on their branch. */
export default function OrgChartScreen() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [active, setActive] = useState<string | null>(null);
  const [focusError, setFocusError] = useState<string | null>(null);
  const treeRef = useRef<HTMLUListElement>(null);
  const rtl = isRtl(i18n.language);

  const toggle = useCallback((uuid: string, open?: boolean) => {
    setExpanded((s) => {
      const next = new Set(s);
      if (open ?? !s.has(uuid)) next.add(uuid);
      else next.delete(uuid);
      return next;
    });
  }, []);
  const focusItem = (uuid: string | undefined) => {
    if (!uuid) return;
    setActive(uuid);
    treeRef.current?.querySelector<HTMLElement>(`[data-uuid="${uuid}"]`)?.focus();
  };
  const visible = () =>
    Array.from(treeRef.current?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? []).map((el) => el.dataset.uuid!);

  const onKey = (e: KeyboardEvent<HTMLElement>, node: OrgNode | null, parent: string | null, more?: () => void) => {
    if (e.target !== e.currentTarget) return;
    const list = visible();
    const i = list.indexOf(node?.uuid ?? e.currentTarget.dataset.uuid!);
    if (!node) {
      // The level's "Show more" item: moves like a person, Enter or Space loads the next page.
      let handled = true;
      if (e.key === 'ArrowDown') focusItem(list[i + 1]);
      else if (e.key === 'ArrowUp') focusItem(list[i - 1]);
      else if (e.key === 'Home') focusItem(list[0]);
      else if (e.key === 'End') focusItem(list[list.length - 1]);
      else if (e.key === (rtl ? 'ArrowRight' : 'ArrowLeft') && parent) focusItem(parent);
      else if (e.key === 'Enter' || e.key === ' ') more?.();
      else handled = false;
      if (handled) e.preventDefault();
      return;
    }
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    const open = expanded.has(node.uuid);
    let handled = true;
    if (e.key === 'ArrowDown') focusItem(list[i + 1]);
    else if (e.key === 'ArrowUp') focusItem(list[i - 1]);
    else if (e.key === 'Home') focusItem(list[0]);
    else if (e.key === 'End') focusItem(list[list.length - 1]);
    else if (e.key === forward) {
      if (node.reportCount > 0 && !open) toggle(node.uuid, true);
      else if (open) focusItem(list[i + 1]);
    } else if (e.key === back) {
      if (open) toggle(node.uuid, false);
      else if (parent) focusItem(parent);
    } else if (e.key === 'Enter') navigate(`/people/${node.uuid}`);
    else if (e.key === ' ' && node.reportCount > 0) toggle(node.uuid);
    else handled = false;
    if (handled) e.preventDefault();
  };

  /** Focuses a person (or item) once the tree shows it: levels render as their pages arrive. */
  const focusWhenShown = useCallback(async (uuid: string) => {
    setActive(uuid);
    for (let tries = 0; tries < 50; tries++) {
      const el = treeRef.current?.querySelector<HTMLElement>(`[data-uuid="${uuid}"]`);
      if (el) {
        el.focus();
        el.scrollIntoView({ block: 'center' });
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }, []);
  const [pinned, setPinned] = useState<ReadonlyMap<string, OrgNode>>(new Map());

  /**
   * Opens every manager above the person and focuses them. Each of them, and the person, is pinned
   * at their level: one manager may have more reports than a level shows before "Show more".
   */
  const focusPerson = useCallback(
    async (uuid: string) => {
      setFocusError(null);
      try {
        const path = (await qc.fetchQuery({ queryKey: employeeKeys.path(uuid), queryFn: () => getOrgPath(uuid) })).data;
        setPinned(new Map(path.map((n, i) => [levelKey(i === 0 ? null : path[i - 1]!.uuid), n])));
        setExpanded((s) => new Set([...s, ...path.slice(0, -1).map((n) => n.uuid)]));
        await focusWhenShown(uuid);
      } catch {
        setFocusError(t('admin:orgChart.notInChart'));
      }
    },
    [qc, t, focusWhenShown],
  );
  const focusParam = params.get('focus');
  useEffect(() => {
    if (focusParam) void focusPerson(focusParam);
  }, [focusParam, focusPerson]);

  const ctx: TreeCtx = { expanded, toggle, active, setActive, onKey, pinned, focusWhenShown };
  const top = useOrgLevel(null);
  const topPeople = levelPeople(top.data);
  /** What the tree shows now: the top, and the loaded reports of everyone expanded. */
  const chartOnScreen = () =>
    visibleChart(
      topPeople,
      (manager) => levelPeople(qc.getQueryData<InfiniteData<OrgLevel>>(employeeKeys.org(manager))),
      expanded,
    );
  useEffect(() => {
    if (!active && topPeople[0]) setActive(topPeople[0].uuid);
  }, [active, topPeople]);

  return (
    <Stack gap="lg" style={{ ['--org-dir' as string]: rtl ? '-1' : '1' }}>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1} size="h2">
          {t('admin:orgChart.title')}
        </Title>
        <OrgChartExportMenu chart={chartOnScreen} disabled={!topPeople.length} />
      </Group>
      <Box maw={360}>
        <PersonSelect
          label={t('admin:orgChart.find')}
          value={null}
          onChange={(uuid) => uuid && setParams({ focus: uuid })}
        />
      </Box>
      {focusError && (
        <Alert color="red" role="alert">
          {focusError}
        </Alert>
      )}
      {/* Said once, beside the tree (a tree owns tree items only). */}
      <VisuallyHidden role="status">{top.isPending ? t('admin:orgChart.loading') : ''}</VisuallyHidden>
      <Box
        component="ul"
        role="tree"
        aria-label={t('admin:orgChart.title')}
        aria-busy={top.isPending}
        ref={treeRef}
        p={0}
        m={0}
        data-testid="org-chart"
      >
        <Level manager={null} depth={1} ctx={ctx} />
      </Box>
    </Stack>
  );
}
