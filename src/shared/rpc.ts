// The browser host's wire protocol: the same contract as IPC, carried over loopback HTTP.
//   POST {origin}/rpc/<channel>   body: JSON `{ "args": <ArgsOf<channel>> }`   →  200 JSON Result<…>
//   GET  {origin}/events?token=…  Server-Sent Events: `event: <EventName>`, `data: <JSON payload>`
//   GET  {origin}/download/<id>?token=…  an export's workbook, once (export:start's downloadUrl)
// /rpc and /events carry the per-launch token (header on /rpc, query on /events: EventSource
// cannot set headers); a download carries a token of its own, for that one download only. The host gives the renderer its token in the URL fragment `#token=…`,
// which browsers never send to servers; the renderer keeps it in sessionStorage.
export const RPC_PATH_PREFIX = '/rpc/';
export const EVENTS_PATH = '/events';
export const DOWNLOAD_PATH_PREFIX = '/download/';
export const TOKEN_HEADER = 'x-invoice-desk-token';
export const TOKEN_FRAGMENT_KEY = 'token';
