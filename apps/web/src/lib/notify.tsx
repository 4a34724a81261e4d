import { COMPANY_FETCH_TOAST_MS, ERROR_TOAST_MS } from '@wac/shared/constants';
import { lazy, useSyncExternalStore } from 'react';
import { i18n } from './i18n';

/** The five toast kinds of the console and their default titles. */
export const TOAST_KINDS = {
  primary: { color: 'blue', titleKey: 'toast.primary' },
  success: { color: 'green', titleKey: 'toast.success' },
  danger: { color: 'red', titleKey: 'toast.danger' },
  warning: { color: 'yellow', titleKey: 'toast.warning' },
  info: { color: 'cyan', titleKey: 'toast.info' },
} as const;
export type ToastKind = keyof typeof TOAST_KINDS;

const DEFAULT_TOAST_MS = 5000;

export interface ToastOptions {
  title?: string;
  autoClose?: number;
}

export interface ToastRequest {
  color: string;
  title: string;
  message: string;
  autoClose: number;
}

/** What a toast of this kind shows: its default title (translated) and how long it stays. */
export function toastFor(kind: ToastKind, message: string, options: ToastOptions = {}): ToastRequest {
  const { color, titleKey } = TOAST_KINDS[kind];
  return {
    color,
    title: options.title ?? i18n.t(titleKey),
    message,
    // Error toasts close after 3000 ms; Mantine toasts have no progress bar.
    autoClose: options.autoClose ?? (kind === 'danger' ? ERROR_TOAST_MS : DEFAULT_TOAST_MS),
  };
}

// The toast machinery (Mantine notifications, transitions) loads with the first toast, so screens
// that never toast (most sign-ins) do not download it.
let hostWanted = false;
const hostListeners = new Set<() => void>();
/** While the toast chunk cannot be fetched, it is asked for again this often. */
export const TOASTER_RETRY_MS = 2_000;
/**
 * The toast chunk, asked for until it arrives: the first toast is often about the server being
 * unreachable, when its chunk cannot be fetched either. A `React.lazy` whose import failed stays
 * failed and threw at the root: the whole console went blank, for good.
 */
const loadToaster = (): Promise<typeof import('@mantine/notifications')> =>
  import('@mantine/notifications').catch(() => new Promise((r) => setTimeout(r, TOASTER_RETRY_MS)).then(loadToaster));

/** Every toast shown goes through here; tests observe it with `onToast`. */
const observers = new Set<(t: ToastRequest) => void>();
export const onToast = (fn: (t: ToastRequest) => void) => {
  observers.add(fn);
  return () => {
    observers.delete(fn);
  };
};

export function toast(kind: ToastKind, message: string, options: ToastOptions = {}) {
  const request = toastFor(kind, message, options);
  for (const o of observers) o(request);
  if (!hostWanted) {
    hostWanted = true;
    for (const l of hostListeners) l();
  }
  void loadToaster().then(({ notifications }) =>
    notifications.show({
      ...request,
      // The same words while they are on screen show once: several requests refused for one reason
      // (a membership just disabled) say it once, not once per request.
      id: `${kind}:${request.title}:${message}`,
      withBorder: true,
      closeButtonProps: { 'aria-label': i18n.t('toast.close') },
    }),
  );
}

const LazyNotifications = lazy(() => loadToaster().then((m) => ({ default: m.Notifications })));

/**
 * Mounted once at the root; renders the toast container from the first toast on. Toasts sit at
 * the bottom corner on the reading end: never over the header's language and skin pickers, the
 * avatar menu or the sidebar a user reaches for next.
 */
export function ToastHost({ position }: { position: 'bottom-left' | 'bottom-right' }) {
  const wanted = useSyncExternalStore(
    (l) => {
      hostListeners.add(l);
      return () => hostListeners.delete(l);
    },
    () => hostWanted,
  );
  return wanted ? <LazyNotifications position={position} limit={4} className="app-toasts" /> : null;
}

export const notify = {
  primary: (m: string, o?: ToastOptions) => toast('primary', m, o),
  success: (m: string, o?: ToastOptions) => toast('success', m, o),
  danger: (m: string, o?: ToastOptions) => toast('danger', m, o),
  warning: (m: string, o?: ToastOptions) => toast('warning', m, o),
  info: (m: string, o?: ToastOptions) => toast('info', m, o),
  /** Company-profile fetch failure: its own text and 2000 ms, as the product words it. */
  profilesFailed: () => toast('danger', i18n.t('session.profilesFailed'), { autoClose: COMPANY_FETCH_TOAST_MS }),
};
