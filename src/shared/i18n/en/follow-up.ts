// Follow-up (issue 19): what the syncs found new, and the invoices to act on.
export default {
  title: 'Follow-up',
  intro:
    'What this client’s syncs found new, and the invoices waiting for an action, with your notes.',
  tabs: {
    label: 'Parts of the follow-up',
    news: 'What’s new',
    exceptions: 'To act on',
  },
  news: {
    empty: 'Nothing new since you last read.',
    emptyHint:
      'Each sync notes here the new invoices and the new statuses (rejected, refused, disputed, suspended, collected), until you mark them read.',
    failed: 'Could not read this client’s news',
    unread: {
      one: '1 unread change',
      other: '{count} unread changes',
    },
    more: 'The newest {shown} are shown: mark them read to see the next ones.',
    markAll: 'Mark all read',
    markGroup: 'Mark read',
    markGroupLabel: 'Mark read: {group}',
    markFailed: 'Could not mark these changes read',
    groupSync: 'Sync of {date}',
    groupLive: 'Seen while browsing the invoices (last on {date})',
    groupInvoices: 'Invoices of: {group}',
    openInvoice: 'Open invoice {number}',
    noNumber: 'no number',
    noParty: 'unknown party',
    directions: {
      OUTBOUND: 'issued',
      INBOUND: 'received',
    },
    kinds: {
      '213': 'Rejected',
      '210': 'Refused',
      '207': 'Disputed',
      '208': 'Suspended',
      '212': 'Collected',
      new: 'New',
    },
    counts: {
      '213': { one: '{count} invoice rejected', other: '{count} invoices rejected' },
      '210': { one: '{count} invoice refused', other: '{count} invoices refused' },
      '207': { one: '{count} invoice disputed', other: '{count} invoices disputed' },
      '208': { one: '{count} invoice suspended', other: '{count} invoices suspended' },
      '212': { one: '{count} invoice collected', other: '{count} invoices collected' },
      new: { one: '{count} new invoice', other: '{count} new invoices' },
    },
    notification: {
      title: 'Invoice Desk: what’s new',
      body: '{connection}: {counts}',
    },
    notifications: {
      enable: 'Turn notifications on',
      hint: 'The browser will show one notification per client after each sync that finds something new.',
      denied: 'The browser blocks notifications: allow them in its settings to be told of changes.',
    },
    navUnread: '{count} unread',
  },
  exceptions: {
    empty: 'No invoice to act on.',
  },
};
