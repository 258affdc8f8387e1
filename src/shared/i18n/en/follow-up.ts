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
  },
  exceptions: {
    empty: 'No invoice to act on.',
  },
};
