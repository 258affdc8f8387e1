import type { Translation } from '../translation.ts';
import type fr from '../fr/common.ts';

export default {
  app: {
    name: 'Invoice Desk',
    skipToContent: 'Skip to content',
    startupFailed: 'The application could not start',
  },
  repair: {
    title: 'Settings repaired at start-up',
    unreadable:
      'The settings file was unreadable (truncated or damaged): what could be was recovered.',
    partial: 'Invalid entries of the settings file were left out.',
    kept: 'Recovered',
    dropped: 'Left out',
    backup: 'Untouched copy of the original file:',
    backupLabel: 'the location of the copy',
    dismiss: 'Got it',
    connectionNamed: 'connection no. {entry} “{name}”',
    connectionNumbered: 'connection no. {entry}',
    notes: {
      connection_kept: 'The connection “{name}”',
      language_kept: 'The chosen language: {name}',
      not_an_object: 'The file held no readable settings.',
      settings_not_an_object: 'The settings were unreadable: defaults restored.',
      work_offline_invalid: 'The “Work offline” choice was unreadable: the app is back online.',
      language_invalid: 'The language was unreadable: the system’s is used.',
      active_invalid: 'The active connection was unreadable: back to the demo.',
      active_missing: 'The active connection no longer exists: back to the demo.',
      connections_not_a_list: 'The list of connections was unreadable: none could be kept.',
      connection_invalid: 'Left out: {connection}, invalid fields ({fields}).',
      connection_duplicate: 'Left out: {connection}, duplicate or reserved id.',
      connection_unknown_keys: 'For {connection}, unknown keys were removed ({fields}).',
    },
  },
  nav: {
    portfolio: 'Portfolio',
    followUp: 'Follow-up',
    label: 'Main navigation',
    invoices: 'Invoices',
    directory: 'Directory',
    participants: 'Participants',
    webhooks: 'Webhooks',
    reports: 'Reports',
    accounting: 'Accounting',
    settings: 'Connections and settings',
    bank: 'Bank',
  },
  actions: {
    retry: 'Retry',
    close: 'Close',
    cancel: 'Cancel',
    save: 'Save',
    delete: 'Delete',
    edit: 'Edit',
    confirm: 'Confirm',
    refresh: 'Refresh',
    copy: 'Copy',
    copyValue: 'Copy {label}',
    copied: 'Copied',
    copyFailed: 'Could not copy: select the text and copy it with the keyboard',
    showDetails: 'Technical details',
  },
  states: {
    PENDING: 'Pending',
    VALID: 'Valid',
    INVALID: 'Invalid',
    DUPLICATED: 'Duplicate',
    WRONG_ROUTING: 'Wrong routing',
    NOT_DELIVERED: 'Not delivered',
    DELIVERED: 'Delivered',
    DELIVERY_PENDING: 'Delivery pending',
    PROCESSING: 'Processing',
    CONVERTED: 'Converted',
    CONVERSION_FAILED: 'Conversion failed',
  },
  stateHints: {
    PENDING: 'Received, will be processed',
    VALID: 'Passed the validation checks',
    INVALID: 'Rejected for a validation issue',
    DUPLICATED: 'Rejected: the same identifier already exists',
    WRONG_ROUTING: 'Rejected: no recipient platform found',
    NOT_DELIVERED: 'Not delivered to the recipient',
    DELIVERED: 'Delivered to the recipient',
    DELIVERY_PENDING: 'Waiting to be delivered',
    PROCESSING: 'Being processed',
    CONVERTED: 'Converted',
    CONVERSION_FAILED: 'Conversion failed',
  },
  errors: {
    operatorSaid: 'Operator message: {message}',
    reasons: {
      redirect:
        'The operator redirected to another address: the redirect is not followed. Check the base URL and the token URL.',
      not_json:
        'The answer is not JSON: the address probably leads to a proxy or a sign-in page, not to the API.',
      html: 'The answer is an HTML page, not data: the address probably leads to a website or a sign-in page.',
      too_large: 'Answer too large, reading stopped: lower the rows per page or narrow the search.',
      insecure_http:
        'http:// is only allowed for this computer: use an https:// address so that the secret travels encrypted.',
      schema:
        'The data received does not match the operator’s published interface (see the technical details): report it to the operator.',
      not_archived:
        'Offline, and this search was never run online: the archive holds no saved answer for it.',
      work_offline:
        'You are working offline: nothing is sent to the operator. Turn “Work offline” off for this action.',
      permission: 'This folder refuses writing: choose another one.',
      folder_missing: 'This folder does not exist (any more): choose another one.',
      disk_full: 'The disk is full: free some space or choose another place.',
      file_busy: 'Another program holds this file open (Excel?): close it, then try again.',
      archive_damaged:
        'This connection’s archive is damaged: part of its file cannot be read. It was set aside; rebuild it from the operator (“Rebuild the archive”).',
      host_not_found:
        'No server has the name in this connection’s address: check the base address and the token address in Connections and settings (a typo?). If they are right, check your network.',
      secret_absent:
        'This client’s secret is not on this workstation: its archive can be read, but live search needs it. Enter it in Connections and settings (Edit).',
      firm_unreachable:
        'The firm’s archive server cannot be reached: nothing was saved, so that this change does not stay on this workstation alone, unseen by the others. Try again once the server answers (the banner goes away).',
      synced_elsewhere:
        'Another workstation of the firm syncs this client: the firm’s archive, which this workstation reads, is filled for every workstation. Nothing was asked of the operator from here; the archive’s last sync date is that workstation’s.',
    },
    // A reason's own title, where the kind's would mislead (see archive.errorTitles too).
    reasonTitles: {
      host_not_found: 'Operator address not found',
      secret_absent: 'Secret not on this workstation',
      firm_unreachable: 'Firm server out of reach',
      synced_elsewhere: 'Synced by another workstation',
    },
    earlierAnswer:
      'The rows below are the earlier answer to this same search, of {date}: they do not show what may have changed since.',
    status: 'HTTP status {status}',
    auth: {
      title: 'Credentials refused',
      advice:
        'The operator refused the client id or secret. Check them in Connections and settings.',
    },
    forbidden: {
      title: 'Access denied',
      advice:
        'This connection lacks the required role. Choose an administrator connection or ask the operator for the role.',
    },
    not_found: {
      title: 'Not found',
      advice: 'The requested item does not exist at the operator, or no longer does.',
    },
    conflict: {
      title: 'Conflict',
      advice: 'An identical item already exists. Change it or delete it first.',
    },
    invalid_input: {
      title: 'Request refused',
      advice: 'Check the criteria you entered (identifier format, search expression syntax).',
    },
    rate_limited: {
      title: 'Too many requests',
      advice: 'The operator limits the number of calls. Wait a few seconds and try again.',
    },
    offline: {
      title: 'Operator unreachable',
      advice:
        'Check your network and the operator’s address. Results you have already viewed stay available offline.',
    },
    timeout: {
      title: 'No answer in time',
      advice: 'The operator is taking too long to answer. Try again in a moment.',
    },
    tls: {
      title: 'Secure connection failed',
      advice:
        'The operator’s certificate could not be verified. Check the address (https) or contact your IT department.',
    },
    invalid_response: {
      title: 'Unexpected answer from the operator',
      advice:
        'The operator answered in a format its specification does not allow. Check the connection’s base URL, otherwise report it to the operator.',
    },
    server: {
      title: 'Operator error',
      advice: 'The operator is having a problem. Try again later.',
    },
    keychain: {
      title: 'System keychain unavailable',
      advice: 'The secret cannot be stored in the keychain. You can keep it for this session only.',
    },
    cancelled: {
      title: 'Cancelled',
      advice: 'Start it again if needed.',
    },
    file: {
      title: 'The file could not be written',
      advice: 'Nothing was left half-written. Choose another place, then try again.',
    },
  },
  status: {
    loading: 'Loading…',
    empty: 'Nothing to show',
  },
  table: {
    sortAscending: 'sorted ascending',
    sortDescending: 'sorted descending',
    sortBy: 'Sort by {column}',
    rowCount: { one: '{count} row', other: '{count} rows' },
    keyboardHint: 'Arrow keys to move, Enter to open',
  },
  pager: {
    label: 'Pagination',
    previous: 'Previous page',
    next: 'Next page',
    first: 'First page',
    range: '{from}–{to} of {total}',
    rangeEmpty: '0 of {total}',
    pageSize: 'Rows per page',
    page: 'Page {page} of {pages}',
  },
  source: {
    live: 'Live · {date}',
    archive: 'Archive, {date}',
    archiveHint: 'Answer saved in the local archive at that date: the operator was not asked.',
  },
  connection: {
    label: 'Active connection',
    switched: 'Active connection: {name}',
  },
  placeholder: {
    soon: 'This screen is coming soon.',
  },
  dateField: {
    placeholder: 'dd/mm/yyyy',
    hint: 'Date as dd/mm/yyyy',
    errors: {
      format: 'Enter a date as dd/mm/yyyy, for example 31/12/2026.',
      year: 'Enter a year between 1900 and 2199.',
      month: 'The month must be between 01 and 12.',
      day: 'This date does not exist: {month} {year} has {days} days.',
    },
  },
  totals: {
    ht: 'Total excl. VAT',
    tva: 'Total VAT',
    ttc: 'Total incl. VAT',
    creditNotes: 'credit notes deducted',
    inCurrency: '{count} in {currency}',
    // Sales and purchases are never added together: one line each.
    sides: { OUTBOUND: 'Sales (issued invoices)', INBOUND: 'Purchases (received invoices)' },
    side: '{side} ({count})',
  },
} as const satisfies Translation<typeof fr>;
