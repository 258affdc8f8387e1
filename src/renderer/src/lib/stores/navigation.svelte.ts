// Which screen the shell shows. Views may navigate too: navigation.go('settings').
export const VIEWS = ['invoices', 'directory', 'participants', 'webhooks', 'settings'] as const;
export type ViewId = (typeof VIEWS)[number];

function fromHash(): ViewId {
  const name = typeof location === 'undefined' ? '' : location.hash.replace(/^#\/?/, '');
  return (VIEWS as readonly string[]).includes(name) ? (name as ViewId) : 'invoices';
}

let current = $state<ViewId>(fromHash());

export const navigation = {
  get current(): ViewId {
    return current;
  },
  go(view: ViewId): void {
    current = view;
    // Keep the screen across reloads; replaceState keeps the back button out of it.
    if (typeof history !== 'undefined') history.replaceState(history.state, '', `#/${view}`);
  },
};
