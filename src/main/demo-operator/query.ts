// The `q` search expression shared by invoice search and directory search:
//   field:"value"   conditions, values always double-quoted (\" and \\ escape, \* a literal star)
//   AND, OR         upper case; AND binds tighter than OR
//   ( ... )         grouping
// e.g. invoice.state:"DELIVERED" AND (invoice.direction:"INBOUND" OR invoice.state:"INVALID")
// Errors carry the 0-based position in the input, so a 400 can point at the mistake.

export class QueryError extends Error {
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    this.name = 'QueryError';
    this.position = position;
  }
}

export interface TermNode {
  kind: 'term';
  field: string;
  /** The value with escapes resolved; stars kept as typed (escaped ones too, see `parts`). */
  value: string;
  /** The value split on unescaped `*`: one part means no wildcard. */
  parts: string[];
  position: number;
  valuePosition: number;
}

export type QueryNode = TermNode | { kind: 'and' | 'or'; left: QueryNode; right: QueryNode };

type Token =
  | { type: 'word'; text: string; pos: number }
  | { type: 'string'; parts: string[]; value: string; pos: number }
  | { type: '(' | ')' | ':' | 'end'; pos: number };

/** Longest q accepted, and deepest nesting: bounds the work one request can cause. */
export const MAX_QUERY_LENGTH = 4000;
const MAX_DEPTH = 32;

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === '(' || c === ')' || c === ':') {
      tokens.push({ type: c, pos: i });
      i++;
    } else if (c === '"') {
      const start = i;
      const parts: string[] = [''];
      let value = '';
      i++;
      for (;;) {
        if (i >= input.length) throw new QueryError('unterminated quoted value', start);
        const ch = input[i]!;
        if (ch === '"') break;
        if (ch === '\\') {
          const next = input[i + 1];
          if (next !== '"' && next !== '\\' && next !== '*') {
            throw new QueryError('invalid escape: only \\", \\\\ and \\* are allowed', i);
          }
          parts[parts.length - 1] += next;
          value += next;
          i += 2;
        } else {
          if (ch === '*') parts.push('');
          else parts[parts.length - 1] += ch;
          value += ch;
          i++;
        }
      }
      i++;
      tokens.push({ type: 'string', parts, value, pos: start });
    } else if (/[A-Za-z0-9_.-]/.test(c)) {
      const start = i;
      while (i < input.length && /[A-Za-z0-9_.-]/.test(input[i]!)) i++;
      tokens.push({ type: 'word', text: input.slice(start, i), pos: start });
    } else {
      throw new QueryError(`unexpected character '${c}'`, i);
    }
  }
  tokens.push({ type: 'end', pos: input.length });
  return tokens;
}

const isOperator = (t: Token, op: 'AND' | 'OR'): boolean => t.type === 'word' && t.text === op;

function describe(t: Token): string {
  if (t.type === 'end') return 'end of expression';
  if (t.type === 'word') return `'${t.text}'`;
  if (t.type === 'string') return 'a quoted value';
  return `'${t.type}'`;
}

/** Parses a q expression into a tree. Throws QueryError on any syntax error. */
export function parseQuery(input: string): QueryNode {
  if (input.length > MAX_QUERY_LENGTH)
    throw new QueryError(`expression longer than ${MAX_QUERY_LENGTH} characters`, MAX_QUERY_LENGTH);
  const tokens = tokenize(input);
  let k = 0;
  const peek = (): Token => tokens[k]!;

  const parseOr = (depth: number): QueryNode => {
    let left = parseAnd(depth);
    while (isOperator(peek(), 'OR')) {
      k++;
      left = { kind: 'or', left, right: parseAnd(depth) };
    }
    return left;
  };
  const parseAnd = (depth: number): QueryNode => {
    let left = parsePrimary(depth);
    while (isOperator(peek(), 'AND')) {
      k++;
      left = { kind: 'and', left, right: parsePrimary(depth) };
    }
    return left;
  };
  const parsePrimary = (depth: number): QueryNode => {
    const t = peek();
    if (t.type === '(') {
      if (depth >= MAX_DEPTH)
        throw new QueryError(`parentheses nested deeper than ${MAX_DEPTH}`, t.pos);
      k++;
      const inner = parseOr(depth + 1);
      const close = peek();
      if (close.type !== ')')
        throw new QueryError(
          `missing ')' for the '(' at position ${t.pos}, found ${describe(close)}`,
          close.pos,
        );
      k++;
      return inner;
    }
    if (t.type === 'word' && t.text !== 'AND' && t.text !== 'OR') {
      k++;
      const colon = peek();
      if (colon.type !== ':')
        throw new QueryError(
          `expected ':' after field '${t.text}', found ${describe(colon)}`,
          colon.pos,
        );
      k++;
      const value = peek();
      if (value.type !== 'string')
        throw new QueryError(
          `expected a double-quoted value after '${t.text}:', found ${describe(value)}`,
          value.pos,
        );
      k++;
      return {
        kind: 'term',
        field: t.text,
        value: value.value,
        parts: value.parts,
        position: t.pos,
        valuePosition: value.pos,
      };
    }
    throw new QueryError(`expected a condition such as field:"value", found ${describe(t)}`, t.pos);
  };

  const tree = parseOr(0);
  const rest = peek();
  if (rest.type !== 'end') {
    const lower = rest.type === 'word' && (rest.text === 'and' || rest.text === 'or');
    throw new QueryError(
      lower
        ? `operators are upper case: use ${rest.text.toUpperCase()}`
        : `expected AND, OR or end of expression, found ${describe(rest)}`,
      rest.pos,
    );
  }
  return tree;
}

/** How one searchable field is read from an item and how its values are checked. */
export interface FieldSpec<T> {
  get(item: T): string | undefined;
  /** Checks a value and returns its canonical form; throw a message string to reject it. */
  normalize?(value: string): string;
  /** Whether `*` is a wildcard for this field (otherwise a star is rejected). */
  wildcard?: boolean;
  caseInsensitive?: boolean;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The leaves of a chain of ORs (a OR b OR c …), left to right. */
function orTerms(node: QueryNode): QueryNode[] {
  return node.kind === 'or' ? [...orTerms(node.left), ...orTerms(node.right)] : [node];
}

/** Turns a tree into a predicate, checking field names and values against `fields`. */
export function compileQuery<T>(
  node: QueryNode,
  fields: Readonly<Record<string, FieldSpec<T>>>,
): (item: T) => boolean {
  if (node.kind === 'and') {
    const left = compileQuery(node.left, fields);
    const right = compileQuery(node.right, fields);
    return (item) => left(item) && right(item);
  }
  if (node.kind !== 'term') return compileOr(orTerms(node), fields);
  return compileTerm(node, fields).test;
}

/** An OR of exact values on one field is one set lookup, as a database index would answer it:
 * the sync's status batches (66 invoice ids in one q) stay cheap on a large dataset. */
function compileOr<T>(
  nodes: QueryNode[],
  fields: Readonly<Record<string, FieldSpec<T>>>,
): (item: T) => boolean {
  const exact = new Map<FieldSpec<T>, Set<string>>();
  const others: ((item: T) => boolean)[] = [];
  for (const node of nodes) {
    if (node.kind !== 'term') {
      others.push(compileQuery(node, fields));
      continue;
    }
    const term = compileTerm(node, fields);
    if (term.exact === undefined) others.push(term.test);
    else {
      const values = exact.get(term.spec) ?? new Set<string>();
      values.add(term.exact);
      exact.set(term.spec, values);
    }
  }
  for (const [spec, values] of exact) others.push(exactTest(spec, values));
  return (item) => others.some((test) => test(item));
}

function exactTest<T>(spec: FieldSpec<T>, values: ReadonlySet<string>): (item: T) => boolean {
  return (item) => {
    const value = spec.get(item);
    return value !== undefined && values.has(spec.caseInsensitive ? value.toLowerCase() : value);
  };
}

/** One condition, checked against `fields`: an exact value (lower case for a case-insensitive
 * field) or, with wildcards, a test. */
function compileTerm<T>(
  node: TermNode,
  fields: Readonly<Record<string, FieldSpec<T>>>,
): { spec: FieldSpec<T>; exact?: string; test: (item: T) => boolean } {
  const name = Object.keys(fields).find((f) => f.toLowerCase() === node.field.toLowerCase());
  if (name === undefined) {
    throw new QueryError(
      `unknown field '${node.field}'; searchable fields: ${Object.keys(fields).join(', ')}`,
      node.position,
    );
  }
  const spec = fields[name]!;
  if (node.parts.length > 1) {
    if (!spec.wildcard)
      throw new QueryError(`'*' wildcards are not allowed on ${name}`, node.valuePosition);
    const regex = new RegExp(
      `^${node.parts.map(escapeRegExp).join('.*')}$`,
      spec.caseInsensitive ? 'is' : 's',
    );
    return { spec, test: (item) => regex.test(spec.get(item) ?? '') };
  }
  let expected = node.parts[0]!;
  if (spec.normalize) {
    try {
      expected = spec.normalize(expected);
    } catch (e) {
      throw new QueryError(
        `invalid value for ${name}: ${typeof e === 'string' ? e : (e as Error).message}`,
        node.valuePosition,
      );
    }
  }
  const exact = spec.caseInsensitive ? expected.toLowerCase() : expected;
  return { spec, exact, test: exactTest(spec, new Set([exact])) };
}
