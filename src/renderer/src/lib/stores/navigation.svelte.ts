// Which screen the shell shows. Screens may navigate too: navigation.go('settings').
export const SCREENS = [
  'invoices',
  'directory',
  'participants',
  'webhooks',
  'reports',
  'accounting',
  'settings',
] as const;
export type ScreenId = (typeof SCREENS)[number];

function fromHash(): ScreenId {
  const name = typeof location === 'undefined' ? '' : location.hash.replace(/^#\/?/, '');
  return (SCREENS as readonly string[]).includes(name) ? (name as ScreenId) : 'invoices';
}

let current = $state<ScreenId>(fromHash());

export const navigation = {
  get current(): ScreenId {
    return current;
  },
  go(screen: ScreenId): void {
    current = screen;
    // Keep the screen across reloads; replaceState keeps the back button out of it.
    if (typeof history !== 'undefined') history.replaceState(history.state, '', `#/${screen}`);
  },
};
