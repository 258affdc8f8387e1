// Validation of operator responses against the spec's schemas, with readable issue paths.
import type { z } from 'zod';
import { OperatorError } from '../errors.ts';

const MAX_ISSUES = 20;

/** `["data", 3, "metadata", "state"]` → `data[3].metadata.state` */
function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'symbol') out += `[${String(segment.description ?? 'symbol')}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === '' ? '(root)' : out;
}

/** Zod issues → `path: message` lines (bounded). Messages never quote the received values. */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  const lines = issues
    .slice(0, MAX_ISSUES)
    .map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  if (issues.length > MAX_ISSUES) lines.push(`… and ${issues.length - MAX_ISSUES} more problems`);
  return lines;
}

/** Parses `value` with `schema`, or throws invalid_response naming the exchange and the paths. */
export function validateResponse<T>(
  schema: z.ZodType<T>,
  value: unknown,
  what: string,
  status?: number,
): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const lines = formatIssues(parsed.error.issues);
  const count = parsed.error.issues.length;
  throw new OperatorError({
    kind: 'invalid_response',
    reason: 'schema',
    message: `${what}: the operator's answer does not match the interface (${count} problem${count === 1 ? '' : 's'}; first: ${lines[0] ?? 'unknown'}).`,
    details: lines,
    ...(status !== undefined ? { status } : {}),
  });
}
