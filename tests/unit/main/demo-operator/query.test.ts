// The q parser: syntax, precedence, quoting and escapes, errors with positions, compilation.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  QueryError,
  compileQuery,
  parseQuery,
  type FieldSpec,
  type QueryNode,
} from '#main/demo-operator/query.ts';

/** A compact rendering of the tree, to assert structure and precedence at a glance. */
function show(node: QueryNode): string {
  if (node.kind === 'term') return `${node.field}=${JSON.stringify(node.value)}`;
  return `(${show(node.left)} ${node.kind.toUpperCase()} ${show(node.right)})`;
}

function errorOf(input: string): QueryError {
  try {
    parseQuery(input);
  } catch (e) {
    assert.ok(e instanceof QueryError, `expected a QueryError, got ${String(e)}`);
    return e;
  }
  assert.fail(`expected ${JSON.stringify(input)} to be rejected`);
}

describe('parseQuery', () => {
  test('a single condition', () => {
    assert.equal(show(parseQuery('invoice.state:"DELIVERED"')), 'invoice.state="DELIVERED"');
    assert.equal(show(parseQuery('  a : "x"  ')), 'a="x"');
  });

  test('AND binds tighter than OR, on either side', () => {
    assert.equal(show(parseQuery('a:"1" OR b:"2" AND c:"3"')), '(a="1" OR (b="2" AND c="3"))');
    assert.equal(show(parseQuery('a:"1" AND b:"2" OR c:"3"')), '((a="1" AND b="2") OR c="3")');
  });

  test('operators associate to the left', () => {
    assert.equal(show(parseQuery('a:"1" OR b:"2" OR c:"3"')), '((a="1" OR b="2") OR c="3")');
  });

  test('parentheses override precedence and may nest', () => {
    assert.equal(show(parseQuery('(a:"1" OR b:"2") AND c:"3"')), '((a="1" OR b="2") AND c="3")');
    assert.equal(show(parseQuery('((a:"1"))')), 'a="1"');
    assert.equal(
      show(parseQuery('a:"1" AND (b:"2" OR (c:"3" AND d:"4"))')),
      '(a="1" AND (b="2" OR (c="3" AND d="4")))',
    );
  });

  test('quoted values keep spaces, parentheses and operator words as text', () => {
    assert.equal(show(parseQuery('name:"A AND B (OR) C"')), 'name="A AND B (OR) C"');
  });

  test('escapes: \\" and \\\\ and \\* (a literal star, not a wildcard)', () => {
    const node = parseQuery('name:"say \\"hi\\" \\\\ 5\\*"');
    assert.equal(node.kind, 'term');
    if (node.kind !== 'term') return;
    assert.equal(node.value, 'say "hi" \\ 5*');
    assert.deepEqual(node.parts, ['say "hi" \\ 5*']);
    const wild = parseQuery('name:"BOUL*"');
    assert.ok(wild.kind === 'term' && wild.parts.length === 2);
  });

  test('errors carry the position of the mistake', () => {
    const cases: [string, number, RegExp][] = [
      ['', 0, /expected a condition/],
      ['a:"x', 2, /unterminated/],
      ['a:x', 2, /double-quoted/],
      ['a "x"', 2, /expected ':'/],
      ['a:"x" b:"y"', 6, /expected AND, OR/],
      ['a:"x" and b:"y"', 6, /upper case/],
      ['a:"x" OR', 8, /expected a condition/],
      ['(a:"x"', 6, /missing '\)'/],
      ['a:"x")', 5, /expected AND, OR/],
      ['a:"\\n"', 3, /invalid escape/],
      ['a:"x" & b:"y"', 6, /unexpected character/],
      ['AND a:"x"', 0, /expected a condition/],
    ];
    for (const [input, position, message] of cases) {
      const error = errorOf(input);
      assert.equal(error.position, position, `position for ${input}`);
      assert.match(error.message, message, `message for ${input}`);
    }
  });

  test('bounds: over-long input and too deep nesting are refused', () => {
    assert.match(errorOf(`a:"${'x'.repeat(5000)}"`).message, /longer than/);
    assert.match(errorOf(`${'('.repeat(40)}a:"x"${')'.repeat(40)}`).message, /nested deeper/);
  });
});

describe('compileQuery', () => {
  interface Item {
    name: string;
    state: string;
  }
  const fields: Record<string, FieldSpec<Item>> = {
    name: { get: (i) => i.name, wildcard: true, caseInsensitive: true },
    state: {
      get: (i) => i.state,
      normalize: (v) => {
        if (!['A', 'B'].includes(v)) throw 'expected A or B';
        return v;
      },
    },
  };
  const items: Item[] = [
    { name: 'Boulangerie Martin', state: 'A' },
    { name: 'Garage du Nord', state: 'B' },
    { name: 'BOULANGERIE DU NORD', state: 'B' },
    { name: 'Star*Shop', state: 'A' },
  ];
  const names = (q: string): string[] =>
    items.filter(compileQuery(parseQuery(q), fields)).map((i) => i.name);

  test('wildcards: prefix, suffix, contains, case-insensitive; none means the whole value', () => {
    assert.deepEqual(names('name:"boul*"'), ['Boulangerie Martin', 'BOULANGERIE DU NORD']);
    assert.deepEqual(names('name:"*nord"'), ['Garage du Nord', 'BOULANGERIE DU NORD']);
    assert.deepEqual(names('name:"*du*"'), ['Garage du Nord', 'BOULANGERIE DU NORD']);
    assert.deepEqual(names('name:"garage du nord"'), ['Garage du Nord']);
    assert.deepEqual(names('name:"garage"'), []);
    assert.deepEqual(names('name:"star\\*shop"'), ['Star*Shop']);
  });

  test('AND / OR / parentheses evaluate as parsed', () => {
    assert.deepEqual(names('state:"A" OR name:"garage*" AND state:"B"'), [
      'Boulangerie Martin',
      'Garage du Nord',
      'Star*Shop',
    ]);
    assert.deepEqual(names('(state:"A" OR name:"garage*") AND state:"B"'), ['Garage du Nord']);
  });

  test('unknown field, bad value and a wildcard where none is allowed are errors with positions', () => {
    const fail = (q: string): QueryError => {
      try {
        compileQuery(parseQuery(q), fields);
      } catch (e) {
        assert.ok(e instanceof QueryError);
        return e;
      }
      assert.fail('expected an error');
    };
    const unknown = fail('name:"x" OR colour:"red"');
    assert.equal(unknown.position, 12);
    assert.match(unknown.message, /unknown field 'colour'.*name, state/);
    const bad = fail('state:"C"');
    assert.equal(bad.position, 6);
    assert.match(bad.message, /expected A or B/);
    assert.match(fail('state:"A*"').message, /wildcards are not allowed on state/);
  });

  test('a chain of ORs mixing exact values, wildcards and ANDs keeps every branch', () => {
    // Exact values on one field are answered by one set lookup: the result must not change.
    assert.deepEqual(
      names(
        'name:"garage du nord" OR name:"STAR*SHOP" OR state:"B" AND name:"boul*" OR name:"nobody"',
      ),
      ['Garage du Nord', 'BOULANGERIE DU NORD', 'Star*Shop'],
    );
    assert.deepEqual(names('name:"Star\\*Shop" OR name:"boulangerie martin" OR state:"A"'), [
      'Boulangerie Martin',
      'Star*Shop',
    ]);
    assert.deepEqual(
      names('state:"B" OR state:"A"'),
      items.map((i) => i.name),
    );
  });

  test('field names match case-insensitively', () => {
    assert.deepEqual(names('NAME:"garage du nord"'), ['Garage du Nord']);
  });
});
