// What real operators send (docs: /work/shared/docs/real-operator.md): null for absent optional
// fields, unknown codes in fields that are only shown. Served over real HTTP, read by the client.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { OperatorClient } from '#main/services/operator/operator-client.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  INVOICE_ID,
  expectOperatorError,
  invoice,
  json,
  startFakeOperator,
  type FakeOperator,
  type Handler,
} from '#support/operator-fakes.ts';

let api: Handler = (_req, res) => json(res, 500, {});
let op: FakeOperator;

before(async () => {
  op = await startFakeOperator({ expiresIn: 300, api: (req, res, raw) => api(req, res, raw) });
});
after(() => op.close());

function client(): OperatorClient {
  return new OperatorClient({
    connection: { baseUrl: `${op.url}/api`, tokenUrl: op.tokenUrl, clientId: CLIENT_ID },
    getClientSecret: async () => CLIENT_SECRET,
    maxRetries: 0,
    timeoutMs: 2000,
  });
}

const DIRECTORY_WITH_NULLS = {
  data: [
    {
      businessEntityId: 'd1e2f3a4-b5c6-4d7e-8f9a-0b1c2d3e4f5a',
      name: 'CABINET EXEMPLE',
      type: 'LEGAL_UNIT',
      scope: null,
      siren: '123456789',
      siret: null,
      postalAddress: {
        city: 'Lyon',
        postalCode: '69002',
        addressLine1: '1 rue X',
        addressLine2: null,
      },
      legalUnit: null,
      identifiers: [
        {
          businessEntityIdentifierId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
          type: 'LEGAL_IDENTIFIER',
          scheme: '0002',
          value: '123456789',
          networkRegistered: null,
        },
      ],
    },
  ],
  meta: { offset: 0, limit: 20, count: 1 },
};

describe('null reads as absent in every response', () => {
  test('directory: postalAddress.addressLine2 null (and other nulls) → the page is read', async () => {
    api = (_req, res) => json(res, 200, DIRECTORY_WITH_NULLS);
    const page = await client().searchDirectory({ q: 'exemple' });
    const entry = page.data[0]!;
    assert.equal(entry.name, 'CABINET EXEMPLE');
    assert.equal(entry.postalAddress?.city, 'Lyon');
    assert.equal(entry.postalAddress?.addressLine2, undefined);
    assert.equal(entry.siret, undefined);
    assert.equal(entry.legalUnit, undefined);
  });

  test('invoice search and invoice: nulls everywhere optional', async () => {
    api = (req, res) => {
      if (req.path.endsWith('/invoice/search')) {
        json(res, 200, {
          data: [
            {
              metadata: {
                invoiceId: INVOICE_ID,
                state: 'DELIVERED',
                direction: 'INBOUND',
                createDate: null,
              },
              lastStatusData: null,
              businessData: {
                invoiceId: 'F-1',
                invoiceDate: null,
                invoiceDueDate: null,
                type: null,
                monetary: { invoiceCurrency: null, invoiceAmount: { amount: 12, currency: null } },
                seller: { name: 'V', siren: null },
                buyer: null,
                paymentMeans: null,
              },
            },
          ],
          meta: { offset: 0, limit: 1, count: 1 },
        });
        return;
      }
      const body = invoice();
      const business = body.businessData as Record<string, unknown>;
      Object.assign(business, {
        processType: null,
        invoiceDueDate: null,
        taxPaymentOption: null,
        referenceData: null,
        payee: null,
        paymentMeans: null,
      });
      (business.seller as Record<string, unknown>).postalAddress = null;
      (business.buyer as Record<string, unknown>).siret = null;
      json(res, 200, body);
    };
    const page = await client().searchInvoices({ limit: 1 });
    assert.equal(page.data[0]?.businessData?.monetary?.invoiceAmount.amount, 12);
    assert.equal(page.data[0]?.lastStatusData, undefined);
    const detail = await client().getInvoice(INVOICE_ID);
    assert.equal(detail.businessData.invoiceDueDate, undefined);
    assert.equal(detail.businessData.seller.postalAddress, undefined);
  });

  test('participants and webhooks: nulls read as absent', async () => {
    api = (req, res) => {
      if (req.path.endsWith('/participant')) {
        json(res, 200, [
          {
            participantId: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
            name: 'ACME',
            country: null,
            vatNumber: null,
            participantNetworkIdentifiers: [
              { data: null, electronicAddress: null, networkIdentifier: null },
            ],
          },
        ]);
      } else {
        json(res, 200, [
          {
            webhookId: 'wh-1',
            filterStreamDirection: null,
            status: null,
            adapterCode: null,
            label: null,
            interopData: {
              endpoints: { status: null, invoice: { callbackUrl: 'https://x.example/i' } },
            },
          },
        ]);
      }
    };
    const [participant] = await client().searchParticipants({ value: 'ACME' });
    assert.equal(participant?.country, undefined);
    const [webhook] = await client().listWebhooks();
    assert.equal(webhook?.label, undefined);
    assert.equal(webhook?.filterStreamDirection, undefined);
    assert.equal(webhook?.interopData?.endpoints?.invoice?.callbackUrl, 'https://x.example/i');
  });
});

describe('lenient where only shown, strict where computed', () => {
  test('an unknown code in a displayed field reads as absent; the page stays', async () => {
    api = (req, res) =>
      json(res, 200, [
        { webhookId: 'wh-1', filterStreamDirection: 'SIDEWAYS', status: 'PAUSED_BY_ADMIN' },
      ]);
    const [webhook] = await client().listWebhooks();
    assert.equal(webhook?.webhookId, 'wh-1');
    assert.equal(webhook?.filterStreamDirection, undefined);
    assert.equal(webhook?.status, undefined);
  });

  test('a required field the app computes with still fails the page, naming the path', async () => {
    const broken = structuredClone(DIRECTORY_WITH_NULLS);
    (broken.data[0] as Record<string, unknown>).type = 'SOMETHING_ELSE';
    api = (_req, res) => json(res, 200, broken);
    const error = await expectOperatorError(() => client().searchDirectory({ q: 'x' }));
    assert.equal(error.kind, 'invalid_response');
    assert.equal(error.reason, 'schema');
    assert.match(error.message, /data\[0\]\.type/);
  });
});
