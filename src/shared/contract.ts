// The one typed contract between the renderer and main. Main registers exactly these channels
// (ipc.ts and the browser host), preload exposes exactly these, the renderer calls exactly these.
// A channel missing or mistyped anywhere fails to compile.
import type { PortfolioDetails, PortfolioRow } from './portfolio.ts';
import type { NewsFound, NewsList, NewsMarkReadArgs } from './news.ts';
import type {
  ExceptionList,
  ExceptionListArgs,
  ExceptionMarkArgs,
  ExceptionRow,
} from './exceptions.ts';
import type {
  ArchiveSearchArgs,
  ArchiveSearchResult,
  ArchiveStatus,
  InvoiceStatusRecord,
  ArchiveTotals,
  ArchiveTotalsArgs,
  SyncProgress,
  SyncSummary,
} from './archive.ts';
import type { ExportArgs, ExportProgress, ExportResult } from './exports.ts';
import type { Report, ReportKind, ReportPeriod } from './reports.ts';
import type { Ca3Report } from './ca3.ts';
import type { Ca12Report } from './ca12.ts';
import type { RatesKept } from './rates.ts';
import type { SyncRoundScope, SyncRoundStatus, SyncSchedule } from './sync-round.ts';
import type { InvoicePayment, PaymentMark, PaymentMarkArgs } from './payments.ts';
import type {
  AccountingSettings,
  CompanyProfile,
  Entry,
  LedgerJournal,
  Ledger,
  ThirdParty,
  ThirdPartyChoice,
} from './accounting.ts';
import type {
  DirectorySearchResponse,
  Invoice,
  InvoiceSearchResponse,
  Participant,
  Webhook,
  WebhookCreate,
  WebhookRef,
} from './operator/schemas.ts';
import type { DueReturn } from './tax-calendar.ts';
import type { DeclareArgs, DeclaredReturn } from './declared.ts';
import type { BankAccountView, BankImportResult, BankLineView, BankView } from './bank.ts';
import type {
  FirmChange,
  FirmClientView,
  FirmConnectArgs,
  FirmState,
  FirmTestResult,
} from './firm.ts';

// ---- Errors ----
export const ERROR_KINDS = [
  'auth', // wrong or missing credentials (401, invalid_client)
  'forbidden', // the connection lacks the role (403)
  'not_found', // 404
  'conflict', // 409
  'invalid_input', // our arguments or the operator's 400
  'rate_limited', // 429 after our retries
  'offline', // host unreachable (DNS, refused, reset)
  'timeout', // no answer in time
  'tls', // certificate or TLS handshake failure
  'invalid_response', // the operator answered something the spec does not allow
  'server', // 5xx after our retries
  'keychain', // the OS keychain is unavailable or refused
  'cancelled', // the caller cancelled
  'file', // a file could not be written (export): the reason says why
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** What exactly went wrong, where the kind alone would send the user the wrong way: the UI
 * words each reason (e.g. "the operator redirected to another address"). */
export const ERROR_REASONS = [
  'redirect', // a 3xx: the base or token URL points at the wrong place (never followed)
  'not_json', // a body that is not JSON (often a proxy's or a login page's HTML)
  'html', // an HTML page where JSON was expected
  'too_large', // a body over the size cap: reading stopped, nothing retried
  'insecure_http', // plain http:// to a host that is not this machine
  'schema', // JSON that does not match the interface (paths in details)
  'not_archived', // offline, and this query was never answered online: no saved answer
  'work_offline', // "Travailler hors ligne" is on: nothing is sent to the operator
  'permission', // file: the folder refuses writing
  'folder_missing', // file: the folder does not exist (any more)
  'disk_full', // file: no space left
  'file_busy', // file: another program holds the file (Excel has it open)
  'archive_damaged', // file: SQLite found the archive damaged; set aside, to rebuild from the operator
  'host_not_found', // the operator's host name does not resolve (DNS): a mistyped address, or no DNS
  'secret_absent', // the firm's client is listed here, but its operator secret is not on this workstation
  'firm_unreachable', // a write refused: the firm's archive cannot be reached (nothing saved)
  'synced_elsewhere', // another workstation of the firm is this client's sync owner: nothing asked here
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** What crosses the boundary when a call fails. `message` is for logs and details panes; the UI
 * shows a translated text chosen by `kind`, plus `operatorMessage` when the operator sent one. */
export interface AppError {
  kind: ErrorKind;
  message: string;
  status?: number;
  operatorMessage?: string;
  /** Set when the kind alone is not precise enough to tell the user what happened. */
  reason?: ErrorReason;
  details?: unknown;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Every operator result says where it came from: the operator now, or the local archive (as
 * exports say it too, ExportTarget's source). */
export interface Sourced<T> {
  data: T;
  source: 'live' | 'archive';
  fetchedAt: string; // ISO date-time
}

// ---- Settings and connections ----
export const LANGUAGE_PREFERENCES = ['system', 'fr', 'en'] as const;
export type LanguagePreference = (typeof LANGUAGE_PREFERENCES)[number];
export type Language = 'fr' | 'en';

export interface Settings {
  language: LanguagePreference;
  activeConnectionId: string;
  /** "Travailler hors ligne": every screen answers from the archive, nothing is sent. */
  workOffline: boolean;
  /** Issue 27, item 5: the built-in demo connections hidden once a client connection exists
   * (out of the portfolio, the background rounds and the switcher; shown again from the
   * settings). Absent: shown. */
  hideDemo?: boolean;
}

export interface AppInfo {
  version: string;
  /** The language to show now: forced by INVOICE_DESK_LANG, else settings, else the OS. */
  language: Language;
  /** True when INVOICE_DESK_LANG forces the language (settings cannot change it). */
  languageForced: boolean;
  osLocale: string;
  shell: 'electron' | 'browser';
  /** Set when settings.json could not be read whole at start: what was repaired, and where the
   * untouched original was copied. Shown once to the user. */
  settingsRepair?: SettingsRepair;
}

export interface SettingsRepair {
  /** The copy of the file as it was found, before any repair. */
  backupPath: string;
  /** True when the file was not readable JSON at all (recovered field by field where possible). */
  unreadable: boolean;
  /** What was kept and what was left out, as notes the screens word in the UI's language. */
  kept: RepairNote[];
  dropped: RepairNote[];
}

export const REPAIR_NOTE_CODES = [
  'connection_kept',
  'language_kept',
  'not_an_object',
  'settings_not_an_object',
  'work_offline_invalid',
  'language_invalid',
  'active_invalid',
  'active_missing',
  'connections_not_a_list',
  'connection_invalid',
  'connection_duplicate',
  'connection_unknown_keys',
] as const;
export type RepairNoteCode = (typeof REPAIR_NOTE_CODES)[number];

/** One thing a settings repair kept or left out. Never a secret: names and field names only. */
export interface RepairNote {
  code: RepairNoteCode;
  /** The connection's place in the file's list, from 1, when the note is about one. */
  entry?: number;
  /** A connection's name (when the entry has one) or the language kept. */
  name?: string;
  /** Field or key names, comma-separated (invalid fields, unknown keys). */
  fields?: string;
}

/** The built-in demo connections: the embedded operator with its admin or user client. */
export const DEMO_CONNECTION_IDS = { admin: 'demo-admin', user: 'demo-user' } as const;

export interface ConnectionSummary {
  id: string;
  name: string;
  kind: 'demo' | 'custom';
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  customerId?: string;
  /** Where the secret is kept; the secret itself never leaves main. */
  secret: 'keychain' | 'session' | 'none' | 'builtin';
  /** The sync's request budget for this connection (the real operator allows 3,600 a minute). */
  requestsPerMinute: number;
}

export interface ConnectionInput {
  /** Absent to create a new connection. */
  id?: string;
  name: string;
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  customerId?: string;
  /** Absent to keep the stored secret unchanged. */
  clientSecret?: string;
  /** 'session' keeps the secret in memory only (no keychain available, or the user's choice). */
  secretStorage?: 'keychain' | 'session';
  /** Absent to keep the current budget (default DEFAULT_REQUESTS_PER_MINUTE). */
  requestsPerMinute?: number;
}

/** The real operator's documented limit per client. */
export const DEFAULT_REQUESTS_PER_MINUTE = 3600;

export interface VaultStatus {
  available: boolean;
  /** Why the keychain cannot be used, in English, for the details pane. */
  reason?: string;
}

export interface ConnectionTestReport {
  tokenObtained: boolean;
  /** The endpoint called after the token, and what it answered. */
  probe: { endpoint: string; ok: boolean; status?: number };
  /** Roles deduced from what the operator allowed. */
  roles: { user: boolean; admin: boolean };
  durationMs: number;
}

// ---- Operator calls ----
export interface InvoiceSearchArgs {
  /** A q expression of the operator's syntax; empty for all invoices. */
  q?: string;
  offset: number;
  limit: number;
}

export interface DirectorySearchArgs {
  q: string;
  offset?: number;
  limit?: number;
}

export interface ParticipantSearchArgs {
  value: string;
  offset?: number;
  limit?: number;
}

// ---- Pre-accounting (issue 17) ----
/** One page of a period's entries: the ledger is computed once in main and kept, so paging and
 * switching journals do not compute it again. */
export interface LedgerPageArgs {
  connectionId: string;
  period: ReportPeriod;
  /** Only this journal's entries (all journals when absent). */
  journal?: LedgerJournal;
  offset: number;
  limit: number;
}

/** The ledger's summary (journals, totals, held, left out, to map, coverage) and one page of
 * its entries: a year may hold 100,000 entries, never all sent. */
export interface LedgerPage extends Omit<Ledger, 'entries'> {
  entries: Entry[];
  /** Entries of the journal asked (or of all), of which `entries` is the page at `offset`. */
  totalEntries: number;
  offset: number;
  /** The connection the ledger is of (the screen shows it only under that connection). */
  connectionId: string;
}

/** The accountant's choice for one third party, from the queue or the remembered list. */
export type ThirdPartyChoiceArgs = ThirdPartyChoice;

/** The remembered third parties as a CSV file (`;`, UTF-8 with BOM) the renderer downloads. */
export interface ThirdPartiesCsv {
  fileName: string;
  csv: string;
  count: number;
}

export interface ThirdPartiesImport {
  added: number;
  updated: number;
  /** Lines refused, numbered as a spreadsheet numbers them, with the reason in English words
   * and its code (services/accounting/accounting.ts THIRD_PARTY_PROBLEMS: the screen words
   * it). */
  refused: { line: number; reason: string; code: string }[];
}

// ---- The channels ----
export interface Contract {
  'app:info': { args: void; result: AppInfo };
  'settings:get': { args: void; result: Settings };
  'settings:update': { args: Partial<Settings>; result: Settings };
  'connections:list': { args: void; result: ConnectionSummary[] };
  'connections:save': { args: ConnectionInput; result: ConnectionSummary };
  'connections:delete': { args: { id: string }; result: void };
  'connections:test': { args: { id: string }; result: ConnectionTestReport };
  'vault:status': { args: void; result: VaultStatus };
  'invoices:search': { args: InvoiceSearchArgs; result: Sourced<InvoiceSearchResponse> };
  'invoices:get': { args: { invoiceId: string }; result: Sourced<Invoice> };
  'directory:search': { args: DirectorySearchArgs; result: Sourced<DirectorySearchResponse> };
  'participants:search': { args: ParticipantSearchArgs; result: Sourced<Participant[]> };
  'webhooks:list': { args: void; result: Sourced<Webhook[]> };
  'webhooks:create': { args: WebhookCreate; result: WebhookRef };
  'webhooks:delete': { args: { webhookId: string }; result: WebhookRef };
  // The local archive: read offline, synced from the operator.
  'archive:search': { args: ArchiveSearchArgs; result: Sourced<ArchiveSearchResult> };
  'archive:status': { args: { connectionId: string }; result: ArchiveStatus };
  'archive:clear': { args: { connectionId: string }; result: void };
  /** The active connection's archive's state and statuses of one invoice; null if not archived. */
  'archive:invoiceStatus': { args: { invoiceId: string }; result: InvoiceStatusRecord | null };
  /** A damaged archive (set aside) made again: a fresh archive and a sync of that connection;
   * progress as 'sync:progress' events. */
  'archive:rebuild': { args: { connectionId: string }; result: SyncSummary };
  /** Syncs the active connection's archive; progress as 'sync:progress' events. */
  'sync:start': { args: { details?: boolean }; result: SyncSummary };
  'sync:cancel': { args: void; result: void };
  // Background sync (issue 19): rounds over every connection due ('due') or all ('all'), one
  // at a time, through the same sync and lock; progress as 'syncRound:progress' events.
  /** Starts a round unless one runs (then: its status); answers at once. */
  'syncRound:start': { args: { scope?: SyncRoundScope }; result: SyncRoundStatus };
  'syncRound:cancel': { args: void; result: void };
  'syncRound:status': { args: void; result: SyncRoundStatus };
  /** The firm's schedule: every N hours by default, each connection's own (0 = never). */
  'syncRound:schedule': { args: void; result: SyncSchedule };
  'syncRound:setSchedule': {
    args: { everyHours?: number; connectionId?: string; connectionEveryHours?: number | null };
    result: SyncSchedule;
  };
  // Excel exports and reports.
  /** Null when the user closed the save dialog without choosing a file. */
  'export:start': { args: ExportArgs; result: ExportResult | null };
  'export:cancel': { args: { exportId: string }; result: void };
  'reports:get': {
    /** asOf: the échéancier's day (issue 29), default the period's end or today. */
    args: { report: ReportKind; period: ReportPeriod; asOf?: string };
    result: Sourced<Report>;
  };
  // Invoices the user marks paid (issue 15, item 8): user data beside the archive, written
  // offline too; only for the active connection (the one every screen shows).
  'payments:mark': { args: PaymentMarkArgs; result: PaymentMark[] };
  'payments:unmark': { args: { connectionId: string; invoiceIds: string[] }; result: number };
  /** One answer per invoice asked, in that order. */
  'payments:get': {
    args: { connectionId: string; invoiceIds: string[] };
    result: InvoicePayment[];
  };
  /** Count and HT, TVA, TTC sums of every archived invoice matching the filter (issue 15). */
  'archive:totals': { args: ArchiveTotalsArgs; result: ArchiveTotals };
  // Pre-accounting (issue 17): read from the archive (offline too), settings and third parties
  // in the user-data file; only for the active connection, the one every screen shows.
  'accounting:profile': { args: { connectionId: string }; result: CompanyProfile };
  'accounting:saveSettings': {
    args: { connectionId: string; settings: AccountingSettings };
    result: CompanyProfile;
  };
  'accounting:ledger': { args: LedgerPageArgs; result: Sourced<LedgerPage> };
  'accounting:thirdParties': { args: { connectionId: string }; result: ThirdParty[] };
  /** Remembers the choices; the next ledger uses them for these parties' invoices. */
  'accounting:mapThirdParties': {
    args: { connectionId: string; choices: ThirdPartyChoiceArgs[] };
    result: ThirdParty[];
  };
  'accounting:exportThirdParties': { args: { connectionId: string }; result: ThirdPartiesCsv };
  /** The CSV text the user chose (read in the renderer from a file input). */
  'accounting:importThirdParties': {
    args: { connectionId: string; csv: string };
    result: ThirdPartiesImport;
  };
  /** Line 22 of the period's VAT return (the credit carried from the previous one), as the
   * accountant entered it, in cents (0 forgets it): kept in the user-data file (issue 18); the
   * return computed again with it. Only for the active connection. */
  'reports:setCarriedCredit': {
    args: { connectionId: string; period: ReportPeriod; cents: number };
    result: Sourced<Ca3Report>;
  };
  /** The firm's portfolio (issue 19): one row per connection, read from the archives only
   * (offline too, never the operator). */
  'portfolio:get': { args: void; result: PortfolioRow[] };
  /** One connection's third parties to map and VAT of the month (computed: asked after the rows). */
  'portfolio:details': { args: { connectionId: string }; result: PortfolioDetails };
  /** The exceptions list (issue 19, item 4): the period's invoices to act on with their reasons,
   * from the archive and the user-data file only (offline too); active connection only. */
  'exceptions:list': { args: ExceptionListArgs; result: ExceptionList };
  /** Marks invoices handled with a note (who and when kept in the user-data file). */
  'exceptions:mark': { args: ExceptionMarkArgs; result: ExceptionRow[] };
  /** Takes the marks off ("Rouvrir"); the number taken off. */
  'exceptions:reopen': { args: { connectionId: string; invoiceIds: string[] }; result: number };
  /** A connection's unread "Nouveautés" (issue 19, item 3): what its syncs found, grouped by
   * sync, from its archive (offline too); empty when it has no archive. */
  'news:list': { args: { connectionId: string }; result: NewsList };
  /** Marks some read (a group's ids, or every one up to the newest shown); the list again. */
  'news:markRead': { args: NewsMarkReadArgs; result: NewsList };
  /** The VAT return a connection files now (issue 26, item 5): its period by the regime, its
   * legal deadline, late or not (from the accounting settings and the archive, offline too). */
  'tax:dueReturn': { args: { connectionId: string }; result: DueReturn };
  /** A period's return as declared, against today's figures (issue 26, item 6); null when not
   * declared. Active connection only. */
  'tax:declared': {
    args: { connectionId: string; period: ReportPeriod };
    result: DeclaredReturn | null;
  };
  /** Records a period's return as declared (its figures kept as they are now). */
  'tax:declare': { args: DeclareArgs; result: DeclaredReturn };
  /** Takes a declaration off (recorded by mistake); true when there was one. */
  'tax:undeclare': { args: { connectionId: string; period: ReportPeriod }; result: boolean };
  /** The simplified regime's annual return of a year (3517-S CA12, issue 26 item 4), from the
   * archive (offline too). Active connection only. */
  'tax:ca12': { args: { connectionId: string; year: number }; result: Sourced<Ca12Report> };
  /** The ECB's reference rates kept for every connection (issue 26, item 3), null when none. */
  'rates:kept': { args: void; result: RatesKept | null };
  /** Imports the ECB's rates file (its text, read in the renderer from a file input): kept whole,
   * or refused whole (invalid_input, details.problems: each line with its code and values). */
  'rates:import': { args: { fileName: string; csv: string }; result: RatesKept };
  // Banque (issue 29, item 5): the active connection's bank file (accounts, lines, matches).
  'bank:view': { args: { connectionId: string }; result: BankView };
  /** The file's bytes as base64 (read in the renderer from a file input); refused whole with
   * AppError.details a BankRefusal. */
  'bank:import': {
    args: { connectionId: string; fileName: string; base64: string };
    result: BankImportResult;
  };
  /** Confirms the match or first suggestion; `invoiceNumbers` changes it ([] : no invoice). */
  'bank:confirm': {
    args: { connectionId: string; lineId: string; invoiceNumbers?: string[] };
    result: BankLineView;
  };
  'bank:undo': { args: { connectionId: string; lineId: string }; result: BankLineView };
  'bank:saveAccount': {
    args: { connectionId: string; account: string; name: string; ledgerAccount: string };
    result: BankAccountView[];
  };
  // The firm's archive on PostgreSQL (issue 30): the settings screen's "Archive du cabinet".
  /** Where the archive is and whether the firm's server answers (never a password). */
  'firm:state': { args: void; result: FirmState };
  /** Reaches the server with what was typed; changes nothing. */
  'firm:test': { args: FirmConnectArgs; result: FirmTestResult };
  /** Tests, then keeps the server (the password in the keychain only) and uses it. */
  'firm:connect': { args: FirmConnectArgs; result: { result: FirmTestResult; state: FirmState } };
  /** Back to the embedded archive; the password forgotten. */
  'firm:disconnect': { args: void; result: FirmState };
  /** The firm's list of clients, each saying whether this workstation holds its secret. */
  'firm:clients': { args: void; result: FirmClientView[] };
}

export type Channel = keyof Contract;
export type ArgsOf<C extends Channel> = Contract[C]['args'];
export type ResultOf<C extends Channel> = Contract[C]['result'];

/** The runtime list, checked against the interface both ways below. */
export const CHANNELS = [
  'app:info',
  'settings:get',
  'settings:update',
  'connections:list',
  'connections:save',
  'connections:delete',
  'connections:test',
  'vault:status',
  'invoices:search',
  'invoices:get',
  'directory:search',
  'participants:search',
  'webhooks:list',
  'webhooks:create',
  'webhooks:delete',
  'archive:search',
  'archive:status',
  'archive:clear',
  'archive:invoiceStatus',
  'archive:rebuild',
  'sync:start',
  'sync:cancel',
  'syncRound:start',
  'syncRound:cancel',
  'syncRound:status',
  'syncRound:schedule',
  'syncRound:setSchedule',
  'export:start',
  'export:cancel',
  'reports:get',
  'payments:mark',
  'payments:unmark',
  'payments:get',
  'archive:totals',
  'accounting:profile',
  'accounting:saveSettings',
  'accounting:ledger',
  'accounting:thirdParties',
  'accounting:mapThirdParties',
  'accounting:exportThirdParties',
  'accounting:importThirdParties',
  'reports:setCarriedCredit',
  'portfolio:get',
  'portfolio:details',
  'exceptions:list',
  'exceptions:mark',
  'exceptions:reopen',
  'news:list',
  'news:markRead',
  'tax:dueReturn',
  'tax:declared',
  'tax:declare',
  'tax:undeclare',
  'tax:ca12',
  'rates:kept',
  'rates:import',
  'bank:view',
  'bank:import',
  'bank:confirm',
  'bank:undo',
  'bank:saveAccount',
  'firm:state',
  'firm:test',
  'firm:connect',
  'firm:disconnect',
  'firm:clients',
] as const satisfies readonly Channel[];
type MissingChannel = Exclude<Channel, (typeof CHANNELS)[number]>;
const everyChannelListed: [MissingChannel] extends [never] ? true : MissingChannel = true;
void everyChannelListed;

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);
}

// ---- Events main sends ----
export interface Events {
  /** The active connection's reachability changed. */
  'connectivity:changed': {
    online: boolean;
    /** Offline because the operator's host name does not resolve (a mistyped address?). */
    reason?: 'host_not_found';
  };
  /** Connections or the active connection changed (another window, or main itself). */
  'connections:changed': void;
  /** A sync of one connection moved on. */
  'sync:progress': SyncProgress & { connectionId: string };
  /** A sync round moved on (a connection's progress, its end, the round's end). */
  'syncRound:progress': SyncRoundStatus;
  /** An export moved on. */
  'export:progress': ExportProgress;
  /** A sync of one connection (Synchroniser, a background round, a rebuild) found news: one
   * event per connection and sync, its counts grouped (issue 19, item 3). */
  'news:found': NewsFound;
  /** The user clicked a news notification of the Electron shell: show that connection's
   * Nouveautés. */
  'news:open': { connectionId: string };
  /** Where the archive is (embedded, the firm's) and whether the firm's server answers. */
  'firm:state': FirmState;
  /** Another workstation changed something in the firm's archive: the open screen reads again. */
  'firm:changed': FirmChange;
}
export type EventName = keyof Events;
export const EVENTS = [
  'connectivity:changed',
  'connections:changed',
  'sync:progress',
  'syncRound:progress',
  'export:progress',
  'news:found',
  'news:open',
  'firm:state',
  'firm:changed',
] as const satisfies readonly EventName[];

/** What the renderer sees as window.api, in Electron (preload) and in the browser host alike. */
export interface Api {
  invoke<C extends Channel>(
    channel: C,
    ...args: ArgsOf<C> extends void ? [] : [ArgsOf<C>]
  ): Promise<Result<ResultOf<C>>>;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
}

/** The Electron IPC channel prefix, so that our channels never collide with Electron's own. */
export const IPC_PREFIX = 'invoice-desk:';
