// Every endpoint of the demo operator over real HTTP: roles (401/403), bounds (400), paging,
// directory, participants, webhooks (201/409/404), errors and faults (429, 503).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import {
  directorySearchResponseSchema,
  invoiceSchema,
  invoiceSearchResponseSchema,
  operatorErrorBodySchema,
  participantSearchResponseSchema,
  webhookListResponseSchema,
  webhookRefSchema,
} from '#shared/operator/schemas.ts';
import { api, call, tokenFor, type Answer } from '#support/demo-operator.ts';

// The operator's clock, set: its invoices and their statuses are the same on any day (issue 25).
const NOW = new Date('2026-11-22T12:00:00Z');

let demoOperator: RunningDemoOperator;
let admin: ReturnType<typeof api>;
let user: ReturnType<typeof api>;

before(async () => {
  demoOperator = await startDemoOperator({ seed: 42, invoices: 3000, now: NOW });
  admin = api(demoOperator, await tokenFor(demoOperator, 'admin'));
  user = api(demoOperator, await tokenFor(demoOperator, 'user'));
});
after(() => demoOperator.close());
beforeEach(() =>
  Object.assign(demoOperator.faults, {
    latencyMs: 0,
    failureRate: 0,
    rateLimitPerSecond: 0,
    refuseQFields: [],
  }),
);

/** A 400 with the operator's error shape, naming `what` in its details. */
function assertBadRequest(answer: Answer, what: RegExp): void {
  assert.equal(answer.status, 400, JSON.stringify(answer.body));
  assert.ok(operatorErrorBodySchema.parse(answer.body).statusMessage);
  assert.match(JSON.stringify(answer.body.details), what);
}

const ENDPOINTS: [string, string][] = [
  ['GET', '/v1.1/invoice/search'],
  ['GET', '/v1/invoice/00000000-0000-4000-8000-000000000000'],
  ['GET', '/v1/directory/french'],
  ['GET', '/v1/directory/fr/search'],
  ['GET', '/v1/config/participant?value=a'],
  ['GET', '/v1/config/webhook'],
  ['POST', '/v1/config/webhook'],
  ['DELETE', '/v1/config/webhook/whatever'],
];

describe('authentication and roles (section 5)', () => {
  test('401 without a token, with a forged token and with a malformed header, on every endpoint', async () => {
    for (const [method, path] of ENDPOINTS) {
      for (const authorization of [undefined, 'Bearer forged-token-0123456789', 'Basic abc']) {
        const answer = await call(`${demoOperator.baseUrl}${path}`, {
          method,
          headers: authorization ? { authorization } : {},
        });
        assert.equal(answer.status, 401, `${method} ${path} with ${authorization}`);
        assert.match(answer.headers.get('www-authenticate') ?? '', /^Bearer /);
        assert.ok(answer.body.statusMessage);
      }
    }
  });

  test('user role: invoices and directory allowed; participants and webhooks 403', async () => {
    assert.equal((await user('/v1.1/invoice/search?limit=1')).status, 200);
    assert.equal((await user('/v1/directory/french?limit=1')).status, 200);
    assert.equal((await user('/v1/directory/fr/search?limit=1')).status, 200);
    for (const [method, path] of ENDPOINTS.slice(4)) {
      const answer = await user(path, { method });
      assert.equal(answer.status, 403, `${method} ${path}`);
      assert.equal(answer.body.details.requiredRole, 'admin');
    }
  });

  test('admin role implies user: every endpoint is open to it', async () => {
    assert.equal((await admin('/v1.1/invoice/search?limit=1')).status, 200);
    assert.equal((await admin('/v1/directory/french?limit=1')).status, 200);
    assert.equal((await admin('/v1/config/participant?value=a')).status, 200);
    assert.equal((await admin('/v1/config/webhook')).status, 200);
  });
});

describe('GET /v1.1/invoice/search', () => {
  test('defaults: offset 0, limit 50, metadata only, count = all invoices', async () => {
    const answer = await admin('/v1.1/invoice/search');
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type')!, /^application\/json; charset=utf-8$/);
    const page = invoiceSearchResponseSchema.parse(answer.body);
    assert.deepEqual(page.meta, { offset: 0, limit: 50, count: 3000 });
    assert.equal(page.data.length, 50);
    for (const item of answer.body.data) assert.deepEqual(Object.keys(item), ['metadata']);
  });

  test('bounds of section 8: offset 1000 ok / 1001 400, limit 200 ok / 201 and 0 400, non-integers 400', async () => {
    const atMax = await admin('/v1.1/invoice/search?offset=1000&limit=200');
    assert.equal(atMax.status, 200);
    assert.equal(atMax.body.data.length, 200);
    assert.deepEqual(atMax.body.meta, { offset: 1000, limit: 200, count: 3000 });
    assert.equal((await admin('/v1.1/invoice/search?limit=1')).body.data.length, 1);
    for (const query of ['offset=1001', 'offset=-1', 'offset=1.5', 'offset=abc', 'offset=']) {
      assertBadRequest(await admin(`/v1.1/invoice/search?${query}`), /offset/);
    }
    for (const query of ['limit=201', 'limit=0', 'limit=2e1', 'limit=%2010', 'limit=1&limit=2']) {
      assertBadRequest(await admin(`/v1.1/invoice/search?${query}`), /limit/);
    }
  });

  test('pages are stable and never overlap; createDate descending', async () => {
    const ids: string[] = [];
    for (let offset = 0; offset < 600; offset += 200) {
      const page = await admin(`/v1.1/invoice/search?offset=${offset}&limit=200`);
      ids.push(
        ...page.body.data.map((d: { metadata: { invoiceId: string } }) => d.metadata.invoiceId),
      );
    }
    assert.equal(new Set(ids).size, 600);
    const again = await admin('/v1.1/invoice/search?offset=200&limit=200');
    assert.deepEqual(
      again.body.data.map((d: { metadata: { invoiceId: string } }) => d.metadata.invoiceId),
      ids.slice(200, 400),
    );
    const overlap = await admin('/v1.1/invoice/search?offset=150&limit=100');
    assert.deepEqual(
      overlap.body.data.map((d: { metadata: { invoiceId: string } }) => d.metadata.invoiceId),
      ids.slice(150, 250),
    );
    const dates = (await admin('/v1.1/invoice/search?limit=200')).body.data.map(
      (d: { metadata: { createDate: string } }) => d.metadata.createDate,
    );
    assert.deepEqual(dates, [...dates].sort().reverse());
  });

  test('q: count is the number of matches; AND binds tighter than OR; parentheses', async () => {
    const count = async (q: string): Promise<number> => {
      const answer = await admin(`/v1.1/invoice/search?limit=1&q=${encodeURIComponent(q)}`);
      assert.equal(answer.status, 200, `${q}: ${JSON.stringify(answer.body)}`);
      return answer.body.meta.count as number;
    };
    const inbound = await count('invoice.direction:"INBOUND"');
    const outbound = await count('invoice.direction:"OUTBOUND"');
    assert.equal(inbound + outbound, 3000);
    const delivered = await count('invoice.state:"DELIVERED"');
    const deliveredIn = await count('invoice.state:"DELIVERED" AND invoice.direction:"INBOUND"');
    const invalid = await count('invoice.state:"INVALID"');
    const invalidIn = await count('invoice.state:"INVALID" AND invoice.direction:"INBOUND"');
    assert.ok(deliveredIn > 0 && deliveredIn < delivered && invalidIn < invalid);
    // A OR B AND C = A OR (B AND C)
    assert.equal(
      await count(
        'invoice.state:"INVALID" OR invoice.state:"DELIVERED" AND invoice.direction:"INBOUND"',
      ),
      invalid + deliveredIn,
    );
    assert.equal(
      await count(
        '(invoice.state:"INVALID" OR invoice.state:"DELIVERED") AND invoice.direction:"INBOUND"',
      ),
      invalidIn + deliveredIn,
    );

    // Every item of every page matches, and paging a filtered set does not overlap either.
    const q = encodeURIComponent('invoice.state:"DELIVERED" AND invoice.direction:"OUTBOUND"');
    const first = await admin(`/v1.1/invoice/search?q=${q}&limit=200`);
    const second = await admin(`/v1.1/invoice/search?q=${q}&limit=200&offset=200`);
    const all = [...first.body.data, ...second.body.data];
    assert.ok(
      all.every((d) => d.metadata.state === 'DELIVERED' && d.metadata.direction === 'OUTBOUND'),
    );
    assert.equal(new Set(all.map((d) => d.metadata.invoiceId)).size, all.length);
    assert.equal(
      first.body.meta.count,
      await count('invoice.direction:"OUTBOUND" AND invoice.state:"DELIVERED"'),
    );

    // By id.
    const id = first.body.data[3].metadata.invoiceId as string;
    const byId = await admin(
      `/v1.1/invoice/search?q=${encodeURIComponent(`invoice.invoiceId:"${id}"`)}`,
    );
    assert.equal(byId.body.meta.count, 1);
    assert.equal(byId.body.data[0].metadata.invoiceId, id);
  });

  test('malformed q → 400 with the position', async () => {
    for (const q of [
      'invoice.state:',
      'invoice.state:"DELIVERED" and invoice.direction:"INBOUND"',
      '(invoice.state:"DELIVERED"',
      'foo:"bar"',
      'invoice.state:"NOPE"',
      'invoice.invoiceId:"123"',
      'invoice.state:DELIVERED',
    ]) {
      const answer = await admin(`/v1.1/invoice/search?q=${encodeURIComponent(q)}`);
      assertBadRequest(answer, /"parameter":"q"/);
      assert.equal(typeof answer.body.details.position, 'number');
    }
  });

  test('expand: businessData and lastStatusData agree with retrieval; unknown value → 400', async () => {
    const answer = await admin(
      '/v1.1/invoice/search?expand=businessData,lastStatusData&limit=40&offset=7',
    );
    const page = invoiceSearchResponseSchema.parse(answer.body);
    assert.ok(page.data.every((d) => d.businessData !== undefined));
    assert.ok(page.data.some((d) => d.lastStatusData !== undefined));
    for (const item of page.data.slice(0, 10)) {
      const full = invoiceSchema.parse(
        (await admin(`/v1/invoice/${item.metadata.invoiceId}`)).body,
      );
      const b = item.businessData!;
      assert.equal(b.invoiceId, full.businessData.invoiceId);
      assert.deepEqual(b.monetary!.invoiceAmount, full.businessData.monetary.invoiceAmount);
      assert.equal(b.seller!.name, full.businessData.seller.name);
      assert.equal(b.buyer!.electronicAddress, full.businessData.buyer.electronicAddress);
      assert.deepEqual(b.paymentMeans, full.businessData.paymentMeans);
      assert.equal(full.way, item.metadata.direction === 'INBOUND' ? 'RECEIVED' : 'EMITTED');
      assert.equal(full.date, item.metadata.createDate!.slice(0, 10));
    }
    const onlyStatus = await admin('/v1.1/invoice/search?expand=lastStatusData&limit=40&offset=7');
    assert.deepEqual(
      onlyStatus.body.data.map((d: { lastStatusData?: unknown }) => d.lastStatusData),
      page.data.map((d) => d.lastStatusData),
    );
    assert.ok(
      onlyStatus.body.data.every((d: { businessData?: unknown }) => d.businessData === undefined),
    );
    assertBadRequest(await admin('/v1.1/invoice/search?expand=businessData,lines'), /expand/);
  });

  test('customer-id header: a uuid is accepted, anything else → 400', async () => {
    const ok = await admin('/v1.1/invoice/search?limit=1', {
      headers: { 'customer-id': '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e' },
    });
    assert.equal(ok.status, 200);
    assertBadRequest(
      await admin('/v1.1/invoice/search?limit=1', { headers: { 'customer-id': 'acme' } }),
      /customer-id/,
    );
    assertBadRequest(
      await admin('/v1/invoice/00000000-0000-4000-8000-000000000000', {
        headers: { 'customer-id': '42' },
      }),
      /customer-id/,
    );
  });
});

describe('GET /v1/invoice/{invoiceId}', () => {
  test('full invoice; non-uuid → 400; unknown → 404', async () => {
    const id = (await admin('/v1.1/invoice/search?limit=1&offset=12')).body.data[0].metadata
      .invoiceId as string;
    const answer = await user(`/v1/invoice/${id}`);
    assert.equal(answer.status, 200);
    const invoice = invoiceSchema.parse(answer.body);
    assert.equal(invoice.invoiceId, id);
    assert.equal((await user(`/v1/invoice/${id.toUpperCase()}`)).body.invoiceId, id);
    assertBadRequest(await user('/v1/invoice/not-a-uuid'), /invoiceId/);
    const missing = await user('/v1/invoice/00000000-0000-4000-8000-000000000000');
    assert.equal(missing.status, 404);
    assert.ok(missing.body.statusMessage);
  });
});

describe('directory', () => {
  test('both paths answer the same, with legal units and offices', async () => {
    const a = await user(
      '/v1/directory/french?q=' + encodeURIComponent('name:"*boulangerie*"') + '&limit=200',
    );
    const b = await user(
      '/v1/directory/fr/search?q=' + encodeURIComponent('name:"*BOULANGERIE*"') + '&limit=200',
    );
    assert.equal(a.status, 200);
    assert.deepEqual(a.body, b.body);
    const page = directorySearchResponseSchema.parse(a.body);
    assert.ok(page.meta.count > 0);
    assert.ok(page.data.every((e) => /boulangerie/i.test(e.name)));
    const unit = page.data.find((e) => e.type === 'LEGAL_UNIT')!;
    assert.equal(unit.scope, 'PRIVATE_TAX_PAYER');
    assert.ok(
      unit.identifiers!.some(
        (i) => i.scheme === '0002' && i.type === 'LEGAL_IDENTIFIER' && i.value === unit.siren,
      ),
    );
    const offices = page.data.filter((e) => e.type === 'OFFICE' && e.siren === unit.siren);
    assert.ok(offices.length >= 1, 'a name search returns the unit and its offices');
    const head = offices.find((o) => o.scope === 'PRIMARY')!;
    assert.ok(
      head.postalAddress?.city && head.postalAddress.postalCode && head.postalAddress.addressLine1,
    );
    assert.deepEqual(head.legalUnit, {
      businessEntityId: unit.businessEntityId,
      name: unit.name,
      siren: unit.siren,
    });
    assert.ok(head.identifiers!.some((i) => i.scheme === '0009' && i.value === head.siret));
  });

  test('prefix, exact siren and siret, AND/OR combinations', async () => {
    const q = (expr: string, extra = '') =>
      user(`/v1/directory/french?q=${encodeURIComponent(expr)}${extra}`);
    const prefix = await q('name:"BOUL*"', '&limit=200');
    assert.ok(prefix.body.data.every((e: { name: string }) => e.name.startsWith('BOUL')));
    const office = (await user('/v1/directory/french?limit=200')).body.data.find(
      (e: { type: string; scope: string }) => e.type === 'OFFICE' && e.scope === 'SECONDARY',
    );
    assert.ok(office, 'some company has a secondary office');
    const bySiren = await q(`siren:"${office.siren}"`);
    assert.ok(bySiren.body.data.length >= 3);
    assert.ok(bySiren.body.data.every((e: { siren: string }) => e.siren === office.siren));
    const bySiret = await q(`siret:"${office.siret}"`);
    assert.equal(bySiret.body.meta.count, 1);
    assert.equal(bySiret.body.data[0].businessEntityId, office.businessEntityId);
    const both = await q(`siret:"${office.siret}" OR name:"BOUL*"`, '&limit=200');
    assert.equal(both.body.meta.count, prefix.body.meta.count + 1);
    const none = await q(`siren:"${office.siren}" AND name:"BOUL*"`);
    assert.equal(
      none.body.meta.count,
      office.name.startsWith('BOUL') ? bySiren.body.meta.count : 0,
    );
    // Across the whole directory, some offices carry a routing code (0224) registered on DOMESTIC_FR.
    const entries: {
      identifiers?: {
        scheme: string;
        type: string;
        networkRegistered?: { networkIdentifier: string }[];
      }[];
    }[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = await user(`/v1/directory/french?limit=200&offset=${offset}`);
      entries.push(...page.body.data);
      if (offset + 200 >= page.body.meta.count) break;
    }
    const routing = entries.flatMap((e) => e.identifiers ?? []).filter((i) => i.scheme === '0224');
    assert.ok(routing.length > 0 && routing.every((i) => i.type === 'ROUTING_CODE'));
    assert.ok(routing.some((i) => i.networkRegistered?.[0]?.networkIdentifier === 'DOMESTIC_FR'));
  });

  test('paging and 400s', async () => {
    const all = await user('/v1/directory/french');
    assert.equal(all.body.meta.limit, 50);
    assert.equal(all.body.meta.offset, 0);
    assert.equal(all.body.data.length, 50);
    const next = await user('/v1/directory/french?offset=50&limit=50');
    const ids = new Set(
      [...all.body.data, ...next.body.data].map(
        (e: { businessEntityId: string }) => e.businessEntityId,
      ),
    );
    assert.equal(ids.size, 100);
    assertBadRequest(await user('/v1/directory/french?limit=201'), /limit/);
    assertBadRequest(await user('/v1/directory/french?limit=0'), /limit/);
    assertBadRequest(await user('/v1/directory/french?offset=-3'), /offset/);
    assertBadRequest(
      await user(`/v1/directory/french?q=${encodeURIComponent('siren:"12345"')}`),
      /SIREN/,
    );
    assertBadRequest(
      await user(`/v1/directory/french?q=${encodeURIComponent('city:"Lyon"')}`),
      /unknown field/,
    );
    assertBadRequest(
      await user(`/v1/directory/french?q=${encodeURIComponent('name:"x')}`),
      /unterminated/,
    );
  });
});

describe('GET /v1/config/participant', () => {
  test('by name (contains, case-insensitive), SIREN, SIRET and VAT number (exact)', async () => {
    const byName = await admin('/v1/config/participant?value=boulangerie');
    assert.equal(byName.status, 200);
    const list = participantSearchResponseSchema.parse(byName.body);
    assert.ok(Array.isArray(byName.body) && list.length > 0);
    assert.ok(list.every((p) => p.name.toLowerCase().includes('boulangerie')));
    const sample = list[0]!;
    for (const value of [sample.legalIdentifier!, sample.partyIdentifier!, sample.vatNumber!]) {
      const answer = await admin(`/v1/config/participant?value=${encodeURIComponent(value)}`);
      assert.deepEqual(
        answer.body.map((p: { participantId: string }) => p.participantId),
        [sample.participantId],
        value,
      );
    }
    const partial = await admin(
      `/v1/config/participant?value=${sample.legalIdentifier!.slice(0, 6)}`,
    );
    assert.equal(partial.body.length, 0, 'identifiers match exactly, not by prefix');
    const address = sample.participantNetworkIdentifiers![0]!;
    assert.equal(address.networkIdentifier, 'DOMESTIC_FR');
    assert.equal(
      address.electronicAddress!.address,
      `${address.electronicAddress!.scheme}:${address.electronicAddress!.value}`,
    );
    assert.ok(address.data?.clientId);
  });

  test('foreign Peppol participants are there', async () => {
    const answer = await admin('/v1/config/participant?value=gmbh');
    const de = participantSearchResponseSchema.parse(answer.body).find((p) => p.country === 'DE');
    assert.ok(de);
    assert.equal(de.participantNetworkIdentifiers![0]!.networkIdentifier, 'PEPPOL_INTERNATIONAL');
    const be = participantSearchResponseSchema.parse(
      (await admin('/v1/config/participant?value=NV')).body,
    );
    assert.ok(be.some((p) => p.country === 'BE'));
  });

  test('offset/limit with defaults 0/50; value required', async () => {
    const all = await admin('/v1/config/participant?value=a');
    assert.equal(all.body.length, 50);
    const page2 = await admin('/v1/config/participant?value=a&offset=50&limit=10');
    assert.equal(page2.body.length, 10);
    assert.ok(
      !all.body.some(
        (p: { participantId: string }) => p.participantId === page2.body[0].participantId,
      ),
    );
    assertBadRequest(await admin('/v1/config/participant'), /value/);
    assertBadRequest(await admin('/v1/config/participant?value=%20'), /value/);
    assertBadRequest(await admin('/v1/config/participant?value=a&limit=x'), /limit/);
  });
});

describe('webhooks', () => {
  const post = (body: unknown, contentType = 'application/json') =>
    admin('/v1/config/webhook', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const list = async () =>
    webhookListResponseSchema.parse((await admin('/v1/config/webhook')).body);

  test('a fresh demo operator has none; create, list, 409, delete, 404', async () => {
    assert.deepEqual(await list(), []);
    const created = await post({
      filterStreamDirection: 'INBOUND',
      label: 'ERP',
      interopData: {
        endpoints: {
          status: { callbackUrl: 'https://erp.example/status' },
          invoice: { callbackUrl: 'http://localhost:9000/in' },
        },
      },
    });
    assert.equal(created.status, 201);
    const ref = webhookRefSchema.parse(created.body);
    const [stored] = await list();
    assert.equal(stored!.webhookId, ref.id);
    assert.equal(stored!.status, 'ACTIVE');
    assert.equal(stored!.adapterCode, 'standardAdapter');
    assert.equal(stored!.label, 'ERP');
    assert.equal(stored!.interopData!.endpoints!.status!.callbackUrl, 'https://erp.example/status');

    const duplicate = await post({ filterStreamDirection: 'INBOUND' });
    assert.equal(duplicate.status, 409);
    assert.equal(duplicate.body.code, 'DUPLICATE_RESOURCE');
    assert.equal(duplicate.body.details.webhookId, ref.id);
    assert.ok(duplicate.body.statusMessage);
    // No direction means both: it clashes with the INBOUND one too.
    assert.equal((await post({})).status, 409);
    const outbound = await post({
      filterStreamDirection: 'OUTBOUND',
      status: 'INACTIVE',
      adapterCode: 'custom',
    });
    assert.equal(outbound.status, 201);
    assert.equal((await list()).length, 2);

    const deleted = await admin(`/v1/config/webhook/${ref.id}`, { method: 'DELETE' });
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body, { type: 'WEBHOOK', id: ref.id });
    assert.equal((await admin(`/v1/config/webhook/${ref.id}`, { method: 'DELETE' })).status, 404);
    assert.equal((await admin('/v1/config/webhook/nope', { method: 'DELETE' })).status, 404);
    // An absent direction clashes with the remaining OUTBOUND one; once it is gone, it is accepted.
    const both = await post({});
    assert.equal(both.status, 409);
    assert.equal(both.body.details.webhookId, outbound.body.id);
    await admin(`/v1/config/webhook/${outbound.body.id}`, { method: 'DELETE' });
    const any = await post({});
    assert.equal(any.status, 201);
    assert.equal((await post({ filterStreamDirection: 'OUTBOUND' })).status, 409);
    await admin(`/v1/config/webhook/${any.body.id}`, { method: 'DELETE' });
    assert.deepEqual(await list(), []);
  });

  test('bad bodies are 400 and store nothing', async () => {
    const cases: [unknown, string, RegExp][] = [
      ['{not json', 'application/json', /body/],
      ['[]', 'application/json', /body/],
      ['null', 'application/json', /body/],
      ['', 'application/json', /body/],
      [{ filterStreamDirection: 'INBOUND' }, 'text/plain', /content-type/],
      [{ filterStreamDirection: 'SIDEWAYS' }, 'application/json', /filterStreamDirection/],
      [{ status: 'ON' }, 'application/json', /status/],
      [{ label: 42 }, 'application/json', /label/],
      [{ unknownField: true }, 'application/json', /unknownField|body/],
      [
        { interopData: { endpoints: { status: { callbackUrl: 'ftp://x.example/' } } } },
        'application/json',
        /callbackUrl/,
      ],
      [
        { interopData: { endpoints: { invoice: { callbackUrl: '/relative' } } } },
        'application/json',
        /callbackUrl/,
      ],
    ];
    for (const [body, type, what] of cases) assertBadRequest(await post(body, type), what);
    assert.deepEqual(await list(), []);
  });

  test('a body over 64 KiB → 413', async () => {
    const answer = await post({ label: 'x'.repeat(70 * 1024) });
    assert.equal(answer.status, 413);
    assert.deepEqual(await list(), []);
  });
});

describe('unknown paths, wrong methods', () => {
  test('404 JSON for an unknown path, 405 with Allow for a wrong method', async () => {
    const missing = await admin('/v1/nothing-here');
    assert.equal(missing.status, 404);
    assert.match(missing.headers.get('content-type')!, /application\/json/);
    assert.ok(missing.body.statusMessage);
    const wrong = await admin('/v1.1/invoice/search', { method: 'POST' });
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'GET');
    assert.equal(
      (await admin('/v1/config/webhook', { method: 'PUT' })).headers.get('allow'),
      'GET, POST',
    );
  });
});

describe('faults', () => {
  test('rate limit → 429 with Retry-After, then recovers', async () => {
    demoOperator.faults.rateLimitPerSecond = 2;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => admin('/v1.1/invoice/search?limit=1')),
    );
    const limited = answers.filter((a) => a.status === 429);
    assert.ok(limited.length >= 3, `${limited.length} of 6 limited`);
    assert.equal(answers.filter((a) => a.status === 200).length + limited.length, 6);
    for (const a of limited) {
      assert.ok(Number(a.headers.get('retry-after')) >= 1);
      assert.ok(a.body.statusMessage);
    }
    demoOperator.faults.rateLimitPerSecond = 0;
    assert.equal((await admin('/v1.1/invoice/search?limit=1')).status, 200);
  });

  test('refused q fields → 400 naming the field, as some deployments answer; other q still served', async () => {
    demoOperator.faults.refuseQFields = ['state', 'direction'];
    const q = (text: string) => `/v1.1/invoice/search?limit=1&q=${encodeURIComponent(text)}`;
    const byState = await admin(q('invoice.state:"DELIVERED"'));
    assert.equal(byState.status, 400);
    assert.match(byState.body.statusMessage, /invoice\.state/);
    const byDirection = await admin(q('invoice.direction:"INBOUND"'));
    assert.equal(byDirection.status, 400);
    assert.match(byDirection.body.statusMessage, /invoice\.direction/);
    assert.equal(
      (await admin(q('invoice.invoiceId:"00000000-0000-4000-8000-000000000000"'))).status,
      200,
    );
    assert.equal((await admin('/v1.1/invoice/search?limit=1')).status, 200);
    demoOperator.faults.refuseQFields = ['direction'];
    assert.equal((await admin(q('invoice.state:"DELIVERED"'))).status, 200);
  });

  test('failure rate 1 → 503 on API endpoints; the token endpoint still answers', async () => {
    demoOperator.faults.failureRate = 1;
    for (const [method, path] of ENDPOINTS)
      assert.equal((await admin(path, { method })).status, 503, path);
    assert.ok(await tokenFor(demoOperator, 'user'));
  });

  test('latency is added to each request', async () => {
    demoOperator.faults.latencyMs = 150;
    const started = performance.now();
    await admin('/v1.1/invoice/search?limit=1');
    assert.ok(performance.now() - started >= 140);
  });

  test('faults given at start apply', async () => {
    const slow = await startDemoOperator({ invoices: 5, now: NOW, faults: { failureRate: 1 } });
    try {
      const token = await tokenFor(slow, 'admin');
      assert.equal((await api(slow, token)('/v1/config/webhook')).status, 503);
      assert.equal(slow.faults.latencyMs, 0);
    } finally {
      await slow.close();
    }
  });
});
