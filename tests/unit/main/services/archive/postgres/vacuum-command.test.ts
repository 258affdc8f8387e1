// The administrator's command `archive migrate` prints when the app's role may not VACUUM: the
// server, database, schema and TLS this workstation uses, ready to paste into a shell.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { vacuumCommand } from '#main/services/archive/postgres/vacuum.ts';

test('the server and schema the workstation uses, its TLS choice when not the default', () => {
  assert.equal(
    vacuumCommand({
      url: 'postgres://invoice_desk_app@server:5433/invoice_desk',
      schema: 'invoice_desk',
      tls: 'verify',
    }),
    'npm run cli -- firm init postgres://<administrator>@server:5433/invoice_desk --schema invoice_desk',
  );
  assert.equal(
    vacuumCommand({
      url: 'postgres://app@[::1]/firm',
      schema: 'cabinet',
      tls: 'verify',
      caFile: "/etc/firm's ca.pem",
    }),
    "npm run cli -- firm init postgres://<administrator>@[::1]/firm --schema cabinet --ca '/etc/firm'\\''s ca.pem'",
  );
  assert.equal(
    vacuumCommand({ url: 'postgres://app@127.0.0.1:5432/db', schema: 's', tls: 'off' }),
    'npm run cli -- firm init postgres://<administrator>@127.0.0.1:5432/db --schema s --tls off',
  );
});
