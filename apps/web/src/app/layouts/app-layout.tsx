import { BRAND } from '@wac/shared/constants';
import {
  ActionIcon,
  AppShell,
  Box,
  Burger,
  Container,
  Group,
  Divider,
  NavLink,
  Stack,
  Text,
  Tooltip,
  useDirection,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { type MouseEvent, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { ServiceBanner } from '../../components/service-banner';
import { VisitingBanner } from '../../components/visiting-banner';
import { CompanySwitcher } from '../../components/company-switcher';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { LanguageMenu } from '../../components/language-menu';
import { RealtimeIndicator } from '../../components/realtime-indicator';
import NavbarSearch from '../../features/search/navbar-search';
import { SkinMenu } from '../../components/skin-menu';
import { UserMenu } from '../../components/user-menu';
import { useAbility } from '../../lib/ability';
import { usePageTitle } from '../../lib/page-title';
import { setNavCollapsed, usePreferences } from '../../lib/preferences';
import { queryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session/store';
import { activeNavPath, navItemsFor, navSections, searchScreensFor } from '../navigation';

const EXPANDED_WIDTH = 260;
const MEDIUM_WIDTH = 232;
const COLLAPSED_WIDTH = 76;
/** Boxed content: a reading width, visibly narrower than the full width on any desktop. */
const BOXED_WIDTH = 960;
/** From here the sidebar sits beside the content (below, a burger opens it over the content). */
export const SIDEBAR_QUERY = '(min-width: 62.5em)';
const NAV_ID = 'main-navigation';
const LIST = { listStyle: 'none', margin: 0, padding: 0 } as const;
/** From here the sidebar may collapse to icons; between the two it keeps its labels. */
export const COLLAPSIBLE_QUERY = '(min-width: 75em)';

const MAIN_ID = 'main-content';

/**
 * Skips the header and the sidebar (some thirty stops) to the page's content. The focus is moved
 * by hand: following the fragment would put '#main-content' in the address, which a reload or a
 * copied link would keep.
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/**
 * The console frame. From 1200 px the sidebar sits beside the content, collapsed to icons by
 * default (the choice persists); from 1000 to 1199 px it sits beside the content with its labels
 * (icons alone would be unreadable guesses); below 1000 px it opens over the content.
 * Server data (TanStack Query) starts here: the sign-in screens never download it.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const ability = useAbility();
  const location = useLocation();
  const { dir } = useDirection();
  const wide = useMediaQuery(COLLAPSIBLE_QUERY, true, { getInitialValueInEffect: false });
  const medium = useMediaQuery(SIDEBAR_QUERY, true, { getInitialValueInEffect: false }) && !wide;
  const [mobileOpened, mobile] = useDisclosure(false);
  const compact = wide && prefs.navCollapsed;
  usePageTitle();

  // A chosen link closes the overlay menu on small screens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => mobile.close(), [location.pathname]);

  // Escape closes the overlay menu and hands the focus back to its button, as a dialog's would.
  const burger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!mobileOpened) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      mobile.close();
      burger.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpened, mobile]);

  const { visiting } = useSession();
  const items = navItemsFor(ability, visiting !== null);
  const activePath = activeNavPath(items, location.pathname);
  const searchScreens = searchScreensFor(ability, visiting !== null);
  const isActive = (path: string) => path === activePath;

  return (
    <QueryClientProvider client={queryClient}>
      <AppShell
        header={{ height: 60 }}
        navbar={{
          width: compact ? COLLAPSED_WIDTH : medium ? MEDIUM_WIDTH : EXPANDED_WIDTH,
          breakpoint: '62.5em',
          collapsed: { mobile: !mobileOpened },
        }}
        padding="md"
        data-nav-collapsed={compact ? 'true' : 'false'}
      >
        <a href={`#${MAIN_ID}`} className="skip-link" onClick={skipToMain}>
          {t('admin:common.skipToContent')}
        </a>
        <AppShell.Header className="app-header">
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Burger
                ref={burger}
                opened={mobileOpened}
                onClick={mobile.toggle}
                className="nav-burger"
                size="sm"
                aria-label={t('nav.openMenu')}
                aria-expanded={mobileOpened}
                aria-controls={NAV_ID}
              />
              <ActionIcon
                visibleFrom="lg"
                variant="subtle"
                size="lg"
                onClick={() => setNavCollapsed(!prefs.navCollapsed)}
                aria-label={prefs.navCollapsed ? t('nav.expand') : t('nav.collapse')}
                aria-expanded={!prefs.navCollapsed}
                data-testid="nav-toggle"
              >
                {prefs.navCollapsed ? (
                  <IconLayoutSidebarLeftExpand size={20} className="flip-rtl" aria-hidden />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={20} className="flip-rtl" aria-hidden />
                )}
              </ActionIcon>
              <Text
                component={Link}
                to="/"
                fw={700}
                size="lg"
                className="brand"
                aria-label={`${BRAND} — ${t('nav.home')}`}
              >
                {BRAND}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <NavbarSearch screens={searchScreens.map((item) => ({ path: item.path, label: t(item.labelKey) }))} />
              <RealtimeIndicator />
              <LanguageMenu />
              <SkinMenu withContentWidth />
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>

        {/* Closed below 1000 px, the menu waits off screen: inert, so Tab does not walk its twenty-odd
            hidden links (and the company switcher) before reaching the page. */}
        <AppShell.Navbar
          p="sm"
          className="app-navbar"
          aria-label={t('nav.main')}
          component="nav"
          id={NAV_ID}
          inert={!wide && !medium && !mobileOpened}
        >
          <Stack gap="md">
            <Box px={compact ? 4 : 0}>
              <CompanySwitcher compact={compact} />
            </Box>
            <Stack gap="xs" component="ul" style={LIST}>
              {navSections(items).map((section) => (
                <li key={section.group ?? section.items[0]!.path}>
                  {section.group &&
                    (compact ? (
                      <Divider my={4} aria-hidden />
                    ) : (
                      <Text
                        id={`nav-group-${section.group}`}
                        className="nav-group"
                        size="xs"
                        fw={700}
                        c="dimmed"
                        px="sm"
                        pb={2}
                      >
                        {t(`admin:nav.groups.${section.group}`)}
                      </Text>
                    ))}
                  <Stack
                    gap={4}
                    component="ul"
                    style={LIST}
                    aria-labelledby={section.group && !compact ? `nav-group-${section.group}` : undefined}
                  >
                    {section.items.map((item) => {
                      const Icon = item.icon;
                      const Badge = item.badge;
                      const label = t(item.labelKey);
                      const link = (
                        <NavLink
                          component={Link}
                          to={item.path}
                          label={compact ? undefined : label}
                          aria-label={compact ? label : undefined}
                          leftSection={<Icon size={20} aria-hidden />}
                          rightSection={Badge && !compact ? <Badge /> : undefined}
                          active={isActive(item.path)}
                          aria-current={isActive(item.path) ? 'page' : undefined}
                          className="nav-link"
                        />
                      );
                      return (
                        <li key={item.path} className={Badge && compact ? 'nav-item-with-badge' : undefined}>
                          {compact ? (
                            // Not in a portal: the tooltip stays inside the navigation landmark. Shown on
                            // keyboard focus too: by hover alone, Tab walked a column of unnamed icons.
                            <Tooltip
                              label={label}
                              events={{ hover: true, focus: true, touch: false }}
                              position={dir === 'rtl' ? 'left' : 'right'}
                              withinPortal={false}
                              floatingStrategy="fixed"
                            >
                              {link}
                            </Tooltip>
                          ) : (
                            link
                          )}
                          {/* Collapsed (the default), a count sits on the icon: beside the label only, nobody
                        saw it who had not opened the menu. Outside the link, whose name is its label
                        (the tooltip's); the expanded menu names the count. */}
                          {Badge && compact && (
                            <span className="nav-item-badge" aria-hidden>
                              <Badge />
                            </span>
                          )}
                        </li>
                      );
                    })}
                  </Stack>
                </li>
              ))}
            </Stack>
          </Stack>
        </AppShell.Navbar>

        <AppShell.Main id={MAIN_ID} tabIndex={-1} className="app-main">
          <Container
            fluid={prefs.contentWidth === 'full'}
            size={BOXED_WIDTH}
            px={0}
            data-content-width={prefs.contentWidth}
            data-testid="content"
          >
            <VisitingBanner />
            <ServiceBanner />
            <Suspense fallback={<FullPageSpinner inConsole />}>
              <Outlet />
            </Suspense>
          </Container>
        </AppShell.Main>
      </AppShell>
    </QueryClientProvider>
  );
}
