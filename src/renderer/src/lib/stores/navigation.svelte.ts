// Which screen the shell shows. Screens may navigate too: navigation.go('settings').
export const SCREENS = [
  'invoices',
  'directory',
  'participants',
  'webhooks',
  'reports',
  'accounting',
  'settings',
  'portfolio',
  'followUp',
  'bank',
] as const;
export type ScreenId = (typeof SCREENS)[number];

function fromHash(): ScreenId {
  const name = typeof location === 'undefined' ? '' : location.hash.replace(/^#\/?/, '');
  return (SCREENS as readonly string[]).includes(name) ? (name as ScreenId) : 'invoices';
}

let current = $state<ScreenId>(fromHash());
/** The address named a screen (a reload keeps it): the app's home does not replace it. */
const named =
  typeof location !== 'undefined' &&
  (SCREENS as readonly string[]).includes(location.hash.replace(/^#\/?/, ''));

export const navigation = {
  get current(): ScreenId {
    return current;
  },
  /** The app's home (issue 19): the firm's portfolio once it looks after more than one client
   * company, unless the address named a screen. Called once the connections are read. */
  home(severalCompanies: boolean): void {
    if (severalCompanies && !named && current === 'invoices') this.go('portfolio');
  },
  go(screen: ScreenId): void {
    current = screen;
    // Keep the screen across reloads; replaceState keeps the back button out of it.
    if (typeof history !== 'undefined') history.replaceState(history.state, '', `#/${screen}`);
  },
};
