// English twin of ../fr/webhooks.ts: must have exactly the same keys (see ../index.ts).
import type { Translation } from '../translation.ts';
import type fr from '../fr/webhooks.ts';

export default {
  title: 'Webhooks',
  intro:
    'A webhook makes the operator call your software (ERP, accounting tool): one address receives status changes, the other receives invoices.',
  adminRequired:
    'Managing webhooks needs the administrator role on the platform. The active connection only has the user role. Choose an administrator connection in Connections.',
  rule: {
    title: 'One webhook per direction',
    body: 'The operator accepts one webhook for received invoices and one for issued invoices. A “Both directions” webhook covers both: it cannot coexist with any other.',
  },
  toolbar: {
    refresh: 'Refresh the list',
    create: 'New webhook',
  },
  list: {
    heading: 'Configured webhooks',
    caption: 'Webhooks configured at the operator',
    loading: 'Loading webhooks…',
    countOne: '1 webhook',
    countOther: '{count} webhooks',
    emptyTitle: 'No webhook',
    emptyBody:
      'The operator does not call any of your software yet. Create a webhook with “New webhook”.',
    columns: {
      label: 'Label',
      direction: 'Direction',
      status: 'Status',
      adapter: 'Adapter',
      statusUrl: 'Status callbacks',
      invoiceUrl: 'Invoice callbacks',
      actions: 'Actions',
    },
    noLabel: '(no label)',
    noUrl: 'None',
    details: 'Details',
    detailsOf: 'Details of webhook {label}',
    deleteOf: 'Delete webhook {label}',
  },
  directions: {
    INBOUND: 'Received invoices',
    OUTBOUND: 'Issued invoices',
    both: 'Both directions',
  },
  statuses: {
    ACTIVE: 'Active',
    INACTIVE: 'Inactive',
    unknown: 'Not stated',
  },
  details: {
    heading: 'Webhook {label}',
    close: 'Close the details',
    webhookId: 'Id',
    label: 'Label',
    direction: 'Direction',
    status: 'Status',
    adapter: 'Adapter',
    statusUrl: 'Status callback address',
    invoiceUrl: 'Invoice callback address',
    copyIdLabel: 'the webhook id',
  },
  form: {
    heading: 'New webhook',
    label: 'Label',
    labelHint:
      'A name that speaks to you, e.g. “ERP – received invoices” (200 characters at most).',
    direction: 'Invoice direction',
    directionHint: 'One webhook per direction; “Both directions” excludes any other webhook.',
    status: 'Status',
    adapter: 'Adapter',
    adapterHint: 'Keep “standardAdapter” unless the operator tells you otherwise.',
    statusUrl: 'Status callback address',
    invoiceUrl: 'Invoice callback address',
    urlHint: 'Full address, preferably https://.',
    conflictWarning:
      'Warning: {labels} already covers this direction. The operator will refuse the creation; delete it first or choose another direction.',
    submit: 'Create the webhook',
    submitting: 'Creating…',
    cancel: 'Cancel',
    invalidSummary: 'The form has errors: correct the fields marked.',
    errors: {
      labelRequired: 'Give the webhook a label.',
      labelTooLong: 'The label must not exceed 200 characters.',
      directionUnknown: 'Choose a direction from the list.',
      statusUnknown: 'Choose “Active” or “Inactive”.',
      adapterRequired: 'Give the adapter (standardAdapter by default).',
      adapterTooLong: 'The adapter must not exceed 100 characters.',
      urlRequired: 'Give the address to call.',
      urlInvalid: 'Invalid address: it must be complete, e.g. https://erp.example.com/callbacks.',
      urlNotHttp: 'The address must start with https:// or http://.',
      urlTooLong: 'The address must not exceed 2048 characters.',
    },
  },
  conflict: {
    title: 'This direction already has its webhook',
    named:
      'The operator refuses the creation: webhook “{label}” ({direction}, callbacks to {address}) already covers this direction. One webhook per direction; “Both directions” conflicts with any other.',
    unnamed:
      'The operator refuses the creation: a webhook (id {id}) already covers this direction, but it is not in the list shown. Refresh the list.',
    unknown:
      'The operator refuses the creation: a webhook already covers this direction. One webhook per direction; “Both directions” conflicts with any other.',
    open: 'Open webhook “{label}”',
  },
  created: 'Webhook “{label}” created.',
  deleted: 'Webhook “{label}” deleted: its addresses no longer receive callbacks.',
  alreadyDeleted: 'This webhook had already been deleted. The list is up to date.',
  delete: {
    title: 'Delete webhook “{label}”?',
    body: 'The operator will stop calling these addresses for {direction}:',
    statusUrl: 'status callbacks: {url}',
    invoiceUrl: 'invoice callbacks: {url}',
    irreversible:
      'Deletion is final: to restore the callbacks, the webhook will have to be created again.',
    confirm: 'Delete the webhook',
    deleting: 'Deleting…',
    cancel: 'Cancel',
  },
  quoted: '“{label}”',
  directionPhrase: {
    INBOUND: 'received invoices',
    OUTBOUND: 'issued invoices',
    both: 'received and issued invoices',
  },
} as const satisfies Translation<typeof fr>;
