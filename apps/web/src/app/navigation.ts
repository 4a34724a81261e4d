import type { Action, AppAbility, Subject } from '@wac/shared/permissions';
import {
  IconBuildingSkyscraper,
  IconChartHistogram,
  IconCalendarCog,
  IconClockEdit,
  IconClockHour4,
  IconFileSpreadsheet,
  IconLayoutBoard,
  IconDoorEnter,
  IconHistory,
  IconLayoutDashboard,
  IconUsers,
  IconUsersGroup,
  IconAddressBook,
  IconBinaryTree2,
  IconSitemap,
  IconBeach,
  IconCalendarPlus,
  IconStack2,
  IconWorldWww,
  IconMessage2,
  IconFileCertificate,
  IconChecklist,
  IconChartBar,
  IconCertificate,
  IconIdBadge2,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { CorrectionsBadge } from '../features/attendance/components/corrections-badge';
import { UploadsBadge } from '../features/certifications/components/uploads-badge';
import { ApprovalBadge } from '../features/time-off/components/approval-badge';

/** The sidebar's sections, each under its heading (`admin:nav.groups.<group>`), in this order. */
export type NavGroup = 'people' | 'attendance' | 'compliance' | 'company' | 'platform';

export interface NavItem {
  path: string;
  labelKey: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  /** Shown only when the shared rules allow this (the server enforces it anyway). */
  can: [Action, Subject];
  /** A count beside the label (e.g. requests waiting for the person), refreshed live. */
  badge?: ComponentType;
  /**
   * The person's own records in the company (clock, leave, acknowledgements): not shown to a
   * visiting super admin, who is no member there (its screens would only answer errors).
   */
  selfService?: true;
  /** The section it is listed in; without one, at the top (the dashboard) or after the sections. */
  group?: NavGroup;
}

/**
 * The sidebar, in order; a new area adds its entry here. Every area's label is `admin:nav.<area>`: an area's
 * strings (its menu label and its screens) live in the `admin` namespace under its own name.
 */
export const NAV_ITEMS: NavItem[] = [
  { path: '/', labelKey: 'admin:nav.dashboard', icon: IconLayoutDashboard, can: ['read', 'default'] },
  { path: '/people', labelKey: 'admin:nav.people', icon: IconAddressBook, can: ['read', 'default'], group: 'people' },
  {
    path: '/org-chart',
    labelKey: 'admin:nav.orgChart',
    icon: IconBinaryTree2,
    can: ['read', 'default'],
    group: 'people',
  },
  {
    path: '/departments',
    labelKey: 'admin:nav.departments',
    icon: IconSitemap,
    can: ['read', 'default'],
    group: 'people',
  },
  {
    path: '/time-off',
    labelKey: 'admin:nav.timeOff',
    icon: IconBeach,
    can: ['read', 'default'],
    badge: ApprovalBadge,
    selfService: true,
    group: 'people',
  },
  {
    path: '/time-off-types',
    labelKey: 'admin:nav.timeOffTypes',
    icon: IconCalendarPlus,
    can: ['write', 'peopleHR'],
    group: 'people',
  },
  { path: '/users', labelKey: 'admin:nav.members', icon: IconUsers, can: ['write', 'user'], group: 'people' },
  { path: '/teams', labelKey: 'admin:nav.teams', icon: IconUsersGroup, can: ['write', 'team'], group: 'people' },
  {
    path: '/attendance',
    labelKey: 'admin:nav.attendance',
    icon: IconClockHour4,
    can: ['read', 'default'],
    selfService: true,
    group: 'attendance',
  },
  {
    path: '/attendance/board',
    labelKey: 'admin:nav.dayBoard',
    icon: IconLayoutBoard,
    can: ['write', 'attendance'],
    group: 'attendance',
  },
  {
    path: '/attendance/corrections',
    labelKey: 'admin:nav.corrections',
    icon: IconClockEdit,
    can: ['write', 'attendance'],
    badge: CorrectionsBadge,
    group: 'attendance',
  },
  {
    path: '/attendance/timesheets',
    labelKey: 'admin:nav.timesheets',
    icon: IconFileSpreadsheet,
    can: ['write', 'attendance'],
    group: 'attendance',
  },
  {
    path: '/attendance/settings',
    labelKey: 'admin:nav.attendanceSettings',
    icon: IconCalendarCog,
    can: ['write', 'attendance'],
    group: 'attendance',
  },
  {
    path: '/policies',
    labelKey: 'admin:nav.policies',
    icon: IconFileCertificate,
    can: ['write', 'compliance'],
    group: 'compliance',
  },
  {
    path: '/my-policies',
    labelKey: 'admin:nav.myPolicies',
    icon: IconChecklist,
    can: ['read', 'default'],
    selfService: true,
    group: 'compliance',
  },
  {
    path: '/certifications',
    labelKey: 'admin:nav.certifications',
    icon: IconCertificate,
    can: ['write', 'compliance'],
    badge: UploadsBadge,
    group: 'compliance',
  },
  {
    path: '/my-certifications',
    labelKey: 'admin:nav.myCertifications',
    icon: IconIdBadge2,
    can: ['read', 'default'],
    selfService: true,
    group: 'compliance',
  },
  {
    path: '/audit-log',
    labelKey: 'admin:nav.auditLog',
    icon: IconHistory,
    can: ['write', 'compliance'],
    group: 'compliance',
  },
  { path: '/stats', labelKey: 'admin:nav.stats', icon: IconChartBar, can: ['read', 'stats'], group: 'company' },
  {
    path: '/company-pages',
    labelKey: 'admin:nav.companyPages',
    icon: IconWorldWww,
    can: ['read', 'dashboard'],
    group: 'company',
  },
  { path: '/messages', labelKey: 'admin:nav.messages', icon: IconMessage2, can: ['read', 'default'], group: 'company' },
  { path: '/join', labelKey: 'admin:nav.join', icon: IconDoorEnter, can: ['read', 'default'], group: 'company' },
  {
    path: '/companies',
    labelKey: 'admin:nav.companies',
    icon: IconBuildingSkyscraper,
    can: ['read', 'companies'],
    group: 'platform',
  },
  {
    path: '/platform',
    labelKey: 'admin:nav.platform',
    icon: IconChartHistogram,
    can: ['read', 'companies'],
    group: 'platform',
  },
  { path: '/jobs', labelKey: 'admin:nav.jobs', icon: IconStack2, can: ['read', 'jobs'], group: 'platform' },
  // new-area: menu
];

/**
 * Screens the navbar search finds beside the sidebar's: reached from the user menu or from another
 * screen, not from the sidebar, and looked for by name all the same ("profile", "sessions").
 */
export const SEARCH_ONLY_SCREENS: Omit<NavItem, 'icon' | 'badge'>[] = [
  { path: '/profile', labelKey: 'navbar.profile', can: ['read', 'default'] },
  { path: '/profile/sessions', labelKey: 'navbar.sessions', can: ['read', 'default'] },
  { path: '/people/settings', labelKey: 'admin:peopleSettings.title', can: ['write', 'peopleHR'] },
];

/** The entries the sidebar shows: those the rules allow, less a member's own for a visiting super admin. */
export const navItemsFor = (ability: AppAbility, visiting: boolean) =>
  NAV_ITEMS.filter((item) => ability.can(...item.can) && !(visiting && item.selfService));

/**
 * The entries in sections, in the order of their first entry: twenty-odd entries in one column
 * were hard to scan. An entry without a section makes a section without a heading.
 */
export function navSections<T extends Pick<NavItem, 'group'>>(items: T[]): { group: NavGroup | null; items: T[] }[] {
  const out: { group: NavGroup | null; items: T[] }[] = [];
  for (const item of items) {
    const group = item.group ?? null;
    const last = out[out.length - 1];
    const open = out.find((s) => s.group === group && group !== null);
    if (open) open.items.push(item);
    else if (last && last.group === null && group === null) last.items.push(item);
    else out.push({ group, items: [item] });
  }
  return out;
}

/**
 * The one entry the sidebar marks as the page (`aria-current`): the most specific entry the path is
 * in. My attendance (`/attendance`) holds the day board's path too, and both were marked on it.
 */
export function activeNavPath(items: Pick<NavItem, 'path'>[], pathname: string): string | null {
  let best: string | null = null;
  for (const { path } of items) {
    const within = path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
    if (within && (best === null || path.length > best.length)) best = path;
  }
  return best;
}

/** What the navbar search offers as screens: the sidebar's entries, then the screens reached elsewhere. */
export const searchScreensFor = (ability: AppAbility, visiting: boolean): Pick<NavItem, 'path' | 'labelKey'>[] => [
  ...navItemsFor(ability, visiting),
  ...SEARCH_ONLY_SCREENS.filter((item) => ability.can(...item.can) && !(visiting && item.selfService)),
];
