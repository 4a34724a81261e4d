import {
  type CSSVariablesResolver,
  createTheme,
  DirectionProvider,
  MantineProvider,
  useDirection,
} from '@mantine/core';

// Drop-downs render beside their input, not in a portal at the end of <body>: what a user opens
// stays inside the page's landmarks (every piece of content belongs to a region).
const inPlace = { defaultProps: { comboboxProps: { withinPortal: false } } };
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { colorSchemeOf, usePreferences } from '../lib/preferences';
import { i18n, isRtl } from '../lib/i18n';
import { listenForTabFromOpenList } from '../lib/dropdown-tab';
import { ToastHost } from '../lib/notify';

const theme = createTheme({
  primaryColor: 'indigo',
  // Indigo 7 keeps white text on filled buttons above 4.5:1 (WCAG AA).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  // People who ask their system for less motion get no popover, modal or menu transitions.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif',
  components: {
    Select: inPlace,
    MultiSelect: inPlace,
    Autocomplete: inPlace,
    TagsInput: inPlace,
    // Mantine's focus placeholder is a focusable "presentation" node inside role=menu, which a
    // menu may not contain; the focus trap still moves focus into the open menu.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * A light button's hover lightens its background (shade 0) instead of darkening it (shade 2): on
 * shade 2 the shade-9 label falls under 4.5:1 (indigo 4.1, red 3.8), so every hovered light button
 * failed WCAG AA contrast (axe, in Chromium, with the pointer left on "Check").
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: Object.fromEntries(
    Object.keys(t.colors).map((color) => [`--mantine-color-${color}-light-hover`, `var(--mantine-color-${color}-0)`]),
  ),
  dark: {},
});

/** Mantine's direction follows the language (Arabic is right-to-left). */
function DirectionSync({ language }: { language: string }) {
  const { setDirection } = useDirection();
  useEffect(() => setDirection(isRtl(language) ? 'rtl' : 'ltr'), [language, setDirection]);
  return null;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const { skin } = usePreferences();
  const { i18n: i } = useTranslation();
  useEffect(() => listenForTabFromOpenList(), []);
  return (
    <DirectionProvider initialDirection={isRtl(i.language) ? 'rtl' : 'ltr'} detectDirection>
      <DirectionSync language={i.language} />
      <MantineProvider theme={theme} forceColorScheme={colorSchemeOf(skin)} cssVariablesResolver={cssVariablesResolver}>
        <ToastHost position={isRtl(i.language) ? 'bottom-left' : 'bottom-right'} />
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      {/* The real-time client (lib/realtime) mounts here, beside the session it listens to; it
          reaches TanStack Query through lib/query-client. */}
      <ThemedApp>{children}</ThemedApp>
    </I18nextProvider>
  );
}
