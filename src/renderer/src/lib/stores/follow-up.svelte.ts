// The Suivi screen (issue 19): what each sync found new on the active connection ("Nouveautés",
// item 3) and the invoices to act on with the accountant's notes ("À traiter", item 4). The
// chosen tab is kept here so that the portfolio and a notification can open the right one.
export const FOLLOW_UP_TABS = ['news', 'exceptions'] as const;
export type FollowUpTab = (typeof FOLLOW_UP_TABS)[number];

class FollowUpChoice {
  tab = $state<FollowUpTab>('news');
}

export const followUpChoice = new FollowUpChoice();
